import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Dataset } from '../../../api/contract';
import type { FieldListParams } from '../hooks/use-field-list-params';
import { DATA_TYPES, isFiltered, LOCK_FILTERS, STATUSES } from '../lib/list-params';
import { SearchField } from '../../../components';

const lockLabels = { all: 'Any', locked: 'Locked', unlocked: 'Unlocked' } as const;
const statusLabels = { VALID: 'Valid', INVALID: 'Invalid' } as const;
const ANY = '';

export interface FieldFiltersProps {
  params: FieldListParams;
  datasets: Dataset[];
}

/** Name search (debounced) and the filters the platform's search takes. */
export function FieldFilters({ params, datasets }: FieldFiltersProps) {
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
      <SearchField label="Name" value={params.search} onSearch={params.setSearch} width={280} />
      <TextField
        select
        size="small"
        label="Locked"
        value={params.locked}
        onChange={(e) => params.setLocked(e.target.value as (typeof LOCK_FILTERS)[number])}
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
        value={params.dataType ?? ANY}
        onChange={(e) => params.setDataType(e.target.value || null)}
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
        onChange={(e) => params.setStatus(e.target.value || null)}
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
        onChange={(e) => params.setDataset(e.target.value || null)}
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
      {isFiltered(params) && <Button onClick={params.clearFilters}>Clear filters</Button>}
    </Stack>
  );
}
