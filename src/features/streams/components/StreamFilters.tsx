import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Connector } from '../../../api/contract';
import type { StreamsParams } from '../hooks/use-streams-params';
import { lastRunFilters, lastRunFilterWords, type LastRunFilter } from '../model/stream-list';
import { SearchField } from '../../../components';

export function StreamFilters({
  params,
  connectors,
}: {
  params: StreamsParams;
  connectors: Connector[] | undefined;
}) {
  const offered = connectors ?? [];
  const unknownConnector =
    params.connector !== '' && !offered.some((c) => c.key === params.connector);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <SearchField
        label="Dataset name"
        value={params.search}
        onSearch={params.setSearch}
        width={280}
      />
      <TextField
        select
        label="Connector"
        size="small"
        value={params.connector}
        onChange={(event) => params.setConnector(event.target.value)}
        sx={{ minWidth: 240 }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">Any connector</MenuItem>
        {offered.map((c) => (
          <MenuItem key={c.key} value={c.key}>
            {c.name}
          </MenuItem>
        ))}
        {unknownConnector && <MenuItem value={params.connector}>{params.connector}</MenuItem>}
      </TextField>
      <TextField
        select
        label="Last run"
        size="small"
        value={params.lastRun}
        onChange={(event) => params.setLastRun(event.target.value as LastRunFilter)}
        sx={{ minWidth: 180 }}
      >
        {lastRunFilters.map((f) => (
          <MenuItem key={f} value={f}>
            {lastRunFilterWords[f]}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
