import { useQuery } from '@tanstack/react-query';
import { allDatasetsQueryOptions } from '../../../api/datasets';
import { allCollectionsQueryOptions } from '../../../api/datastores';
import { streamsQueryOptions } from '../../../api/streams/get-streams';
import type { ResourceKind } from '../lib/step-fields';

export interface ResourceOption {
  id: string | number;
  label: string;
}

/** What a step may name, by name: the platform's lists, read only for the kind asked. */
export function useResourceOptions(kind: ResourceKind) {
  const datasets = useQuery({ ...allDatasetsQueryOptions(), enabled: kind === 'dataset' });
  const collections = useQuery({ ...allCollectionsQueryOptions(), enabled: kind === 'collection' });
  const streams = useQuery({ ...streamsQueryOptions(), enabled: kind === 'stream' });
  const query = kind === 'dataset' ? datasets : kind === 'collection' ? collections : streams;
  const options: ResourceOption[] =
    kind === 'dataset'
      ? (datasets.data?.datasets ?? []).map((d) => ({ id: d.id, label: d.name }))
      : kind === 'collection'
        ? (collections.data ?? []).map((c) => ({ id: c.id, label: c.name }))
        : (streams.data ?? []).map((s) => ({
            id: s.id,
            label: `${s.dataSource.name} (stream ${s.id})`,
          }));
  return { options, loading: query.isPending, error: query.error };
}
