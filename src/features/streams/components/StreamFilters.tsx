import { useEffect, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import type { Connector } from '../../../api/contract';
import type { StreamsParams } from '../hooks/use-streams-params';
import { lastRunFilters, lastRunFilterWords, type LastRunFilter } from '../model/stream-list';

const SEARCH_DEBOUNCE_MS = 300;

/** The search box keeps what is typed; the URL gets it once typing pauses. */
function useDebouncedSearch(value: string, commit: (value: string) => void) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    setCommitted(value);
    if (value !== text.trim()) setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, commit]);
  return [text, setText] as const;
}

export function StreamFilters({
  params,
  connectors,
}: {
  params: StreamsParams;
  connectors: Connector[] | undefined;
}) {
  const [search, setSearch] = useDebouncedSearch(params.search, params.setSearch);
  const offered = connectors ?? [];
  const unknownConnector =
    params.connector !== '' && !offered.some((c) => c.key === params.connector);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        type="search"
        label="Dataset name"
        size="small"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        sx={{ width: { xs: '100%', sm: 280 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
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
