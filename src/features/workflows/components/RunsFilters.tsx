import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { runStatuses, type RunStatus } from '../../../api/contract';
import { runStatusWords } from '../lib/describe-run';
import type { ListController } from '../../../hooks/use-list-controller';
import type { runsSpec } from '../lib/list-params';
import { timeRangeLabels, timeRanges, type TimeRange } from '../lib/runs';

export function RunsFilters({ list }: { list: ListController<typeof runsSpec> }) {
  const { status: statuses, range } = list.params;
  const setRange = (next: TimeRange) =>
    list.set({ range: next, ...(next === 'custom' ? {} : { from: '', to: '' }) });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <TextField
        select
        label="Status"
        size="small"
        value={statuses}
        onChange={(event) => {
          const value = event.target.value as unknown as RunStatus[] | string;
          list.setters.status(
            typeof value === 'string' ? (value.split(',') as RunStatus[]) : value,
          );
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
        onChange={(event) => setRange(event.target.value as TimeRange)}
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
            value={list.params[edge]}
            onChange={(event) => list.setters[edge](event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
    </Stack>
  );
}
