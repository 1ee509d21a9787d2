import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { runStatuses, type RunStatus } from '../../../api/contract';
import { runStatusWords } from '../lib/describe-run';
import { timeRangeLabels, timeRanges, type TimeRange } from '../lib/runs';
import type { RunsList } from '../hooks/use-runs-list';

export function RunsFilters({ list }: { list: RunsList }) {
  const { statuses, range } = list.query;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label="Status"
        size="small"
        value={statuses}
        onChange={(event) => {
          const value = event.target.value as unknown as RunStatus[] | string;
          list.setStatuses(typeof value === 'string' ? (value.split(',') as RunStatus[]) : value);
        }}
        sx={{ minWidth: 260 }}
        slotProps={{
          select: {
            multiple: true,
            displayEmpty: true,
            renderValue: (selected) => {
              const chosen = selected as RunStatus[];
              return chosen.length === 0
                ? 'Any status'
                : chosen.map((s) => runStatusWords[s]).join(', ');
            },
          },
          inputLabel: { shrink: true },
        }}
      >
        {runStatuses.map((s) => (
          <MenuItem key={s} value={s}>
            <Checkbox checked={statuses.includes(s)} size="small" sx={{ p: 0.5, mr: 1 }} />
            <ListItemText primary={runStatusWords[s]} />
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Started"
        size="small"
        value={range}
        onChange={(event) => list.setRange(event.target.value as TimeRange)}
        sx={{ minWidth: 200 }}
      >
        {timeRanges.map((r) => (
          <MenuItem key={r} value={r}>
            {timeRangeLabels[r]}
          </MenuItem>
        ))}
      </TextField>
      {range === 'custom' &&
        (['from', 'to'] as const).map((edge) => (
          <TextField
            key={edge}
            type="datetime-local"
            label={edge === 'from' ? 'Started from' : 'Started before'}
            size="small"
            value={edge === 'from' ? list.fromText : list.toText}
            onChange={(event) => list.setBetween(edge, event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
    </Stack>
  );
}
