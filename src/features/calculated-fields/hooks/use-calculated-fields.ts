import { useMemo } from 'react';
import {
  useCalculatedFieldSearch,
  useCalculatedFieldStatistics,
} from '../../../api/calculated-fields';
import { useAllDatasets } from '../../../api/datasets';
import { toSearch, type FieldListState } from '../lib/list-params';

/** One page of fields for the list's state, the statistics, and dataset names by id. */
export function useCalculatedFields(state: FieldListState) {
  const search = useMemo(() => toSearch(state), [state]);
  const page = useCalculatedFieldSearch(search);
  const statistics = useCalculatedFieldStatistics();
  const datasets = useAllDatasets();
  const datasetNames = useMemo(
    () => new Map((datasets.data?.datasets ?? []).map((d) => [d.id, d.name])),
    [datasets.data],
  );
  return { page, statistics, datasets: datasets.data?.datasets ?? [], datasetNames };
}
