import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Connector } from '../../../api/contract';
import type { StreamsParams } from '../hooks/use-streams-params';
import { lastRunFilters, lastRunFilterWords} from '../model/stream-list';
import { SearchField, SelectFilter } from '../../../components';

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
