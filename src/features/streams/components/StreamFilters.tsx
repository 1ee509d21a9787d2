import type { Connector } from '../../../api/contract';
import { FilterBar, searchFilter, selectFilter } from '../../../components/FilterBar';
import type { ListController } from '../../../hooks/use-list-controller';
import { lastRunFilterWords, type streamsSpec } from '../model/stream-list';

export function StreamFilters({
  list,
  connectors,
}: {
  list: ListController<typeof streamsSpec>;
  connectors: Connector[] | undefined;
}) {
  const { params, setters } = list;
  const names = new Map((connectors ?? []).map((c) => [c.key, c.name]));
  // A link may name a connector the platform does not offer: it is shown as it is written.
  if (params.connector !== '' && !names.has(params.connector))
    names.set(params.connector, params.connector);
  return (
    <FilterBar
      filters={[
        searchFilter({
          label: 'Dataset name',
          value: params.q,
          onSearch: setters.q,
          width: 280,
        }),
        selectFilter({
          label: 'Connector',
          anyLabel: 'Any connector',
          value: params.connector || null,
          onChange: (key) => setters.connector(key ?? ''),
          choices: names,
          minWidth: 240,
        }),
        selectFilter({
          label: 'Last run',
          value: params.lastRun,
          onChange: setters.lastRun,
          choices: lastRunFilterWords,
        }),
      ]}
    />
  );
}
