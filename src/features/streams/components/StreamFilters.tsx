import Stack from '@mui/material/Stack';
import type { Connector } from '../../../api/contract';
import type { StreamsParams } from '../hooks/use-streams-params';
import { lastRunFilters, lastRunFilterWords} from '../model/stream-list';
import { SearchField, SelectFilter } from '../../../components';
import { OptionalSelectFilter } from '../../../components/OptionalSelectFilter';

export function StreamFilters({
  params,
  connectors,
}: {
  params: StreamsParams;
  connectors: Connector[] | undefined;
}) {
  const names = new Map((connectors ?? []).map((c) => [c.key, c.name]));
  // A link may name a connector the platform does not offer: it is shown as it is written.
  const keys = [...names.keys()];
  if (params.connector !== '' && !names.has(params.connector)) keys.push(params.connector);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <SearchField
        label="Dataset name"
        value={params.search}
        onSearch={params.setSearch}
        width={280}
      />
      <OptionalSelectFilter
        label="Connector"
        value={params.connector || null}
        onChange={(key) => params.setConnector(key ?? '')}
        options={keys}
        optionLabel={(key) => names.get(key) ?? key}
        anyLabel="Any connector"
        minWidth={240}
      />
      <SelectFilter
        label="Last run"
        value={params.lastRun}
        onChange={params.setLastRun}
        options={lastRunFilters}
        optionLabel={(f) => lastRunFilterWords[f]}
      />
    </Stack>
  );
}
