import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Dataset } from '../../../api/contract';
import { SearchField } from '../../../components';
import type { ListController } from '../../../hooks/use-list-controller';
import {
  DATA_TYPES,
  fieldListSpec,
  isFiltered,
  LOCK_FILTERS,
  noFilters,
  STATUSES,
  toListState,
} from '../lib/list-params';

const lockLabels = { all: 'Any', locked: 'Locked', unlocked: 'Unlocked' } as const;
const statusLabels = { VALID: 'Valid', INVALID: 'Invalid' } as const;
const ANY = '';

export interface FieldFiltersProps {
  list: ListController<typeof fieldListSpec>;
  datasets: Dataset[];
}

/** Name search (debounced) and the filters the platform's search takes. */
export function FieldFilters({ list, datasets }: FieldFiltersProps) {
  const { params, setters } = list;
  const knownDataset = !params.dataset || datasets.some((d) => d.id === params.dataset);
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      role="search"
      aria-label="Calculated fields"
    >
      <SearchField label="Name" value={params.q} onSearch={setters.q} width={280} />
      <TextField
        select
        size="small"
        label="Locked"
        value={params.locked}
        onChange={(e) => setters.locked(fieldListSpec.locked.read(e.target.value))}
        sx={{ width: 140 }}
      >
        {LOCK_FILTERS.map((value) => (
          <MenuItem key={value} value={value}>
            {lockLabels[value]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Data type"
        value={params.type ?? ANY}
        onChange={(e) => setters.type(fieldListSpec.type.read(e.target.value))}
        sx={{ width: 160 }}
      >
        <MenuItem value={ANY}>Any</MenuItem>
        {DATA_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {type}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Status"
        value={params.status ?? ANY}
        onChange={(e) => setters.status(fieldListSpec.status.read(e.target.value))}
        sx={{ width: 140 }}
      >
        <MenuItem value={ANY}>Any</MenuItem>
        {STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {statusLabels[status]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Dataset"
        value={params.dataset ?? ANY}
        onChange={(e) => setters.dataset(e.target.value || null)}
        sx={{ width: 220 }}
      >
        <MenuItem value={ANY}>Any</MenuItem>
        {!knownDataset && params.dataset && (
          <MenuItem value={params.dataset}>Unknown dataset</MenuItem>
        )}
        {datasets.map((d) => (
          <MenuItem key={d.id} value={d.id}>
            {d.name}
          </MenuItem>
        ))}
      </TextField>
      {isFiltered(toListState(params)) && (
        <Button onClick={() => list.set(noFilters)}>Clear filters</Button>
      )}
    </Stack>
  );
}
