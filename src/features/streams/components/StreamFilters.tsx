import type { Connector } from '../../../api/contract';
import { FilterBar, searchFilter, selectFilter } from '../../../components/FilterBar';
import type { StreamsParams } from '../hooks/use-streams-params';
import { lastRunFilterWords } from '../model/stream-list';

export function StreamFilters({
  params,
  connectors,
}: {
  params: StreamsParams;
  connectors: Connector[] | undefined;
}) {
  const names = new Map((connectors ?? []).map((c) => [c.key, c.name]));
  // A link may name a connector the platform does not offer: it is shown as it is written.
  if (params.connector !== '' && !names.has(params.connector))
    names.set(params.connector, params.connector);
  return (
    <FilterBar
      filters={[
        searchFilter({
          label: 'Dataset name',
          value: params.search,
          onSearch: params.setSearch,
          width: 280,
        }),
        selectFilter({
          label: 'Connector',
          anyLabel: 'Any connector',
          value: params.connector || null,
          onChange: (key) => params.setConnector(key ?? ''),
          choices: names,
          minWidth: 240,
        }),
        selectFilter({
          label: 'Last run',
          value: params.lastRun,
          onChange: params.setLastRun,
          choices: lastRunFilterWords,
        }),
      ]}
    />
  );
}
