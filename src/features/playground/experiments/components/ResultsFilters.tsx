import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { cellStates, type CellState, type Experiment } from '../../../../api/contract';
import { SelectFilter } from '../../../../components';
import { cellStateWords, scorerLabel, variantLabel } from '../lib/describe';
import { noResultFilters, type ResultsState } from '../lib/list-params';

const isBound = (text: string) => {
  const n = Number(text);
  return text.trim() === '' || (Number.isFinite(n) && n >= 0 && n <= 1);
};

/** A score bound, written to the URL once it reads as one (0 to 1, or nothing). */
function BoundField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (Number(value) !== Number(text) || value === '') setText(value);
  }
  const valid = isBound(text);
  return (
    <TextField
      size="small"
      label={label}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        if (isBound(event.target.value)) onChange(event.target.value.trim());
      }}
      error={!valid}
      helperText={valid ? ' ' : 'From 0 to 1'}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: 130 }}
    />
  );
}

const cellStateChoices = new Map<CellState, string>(cellStates.map((s) => [s, cellStateWords[s]]));

const orders = {
  'case:asc': 'Case order',
  'case:desc': 'Case order, last first',
  'score:asc': 'Score, lowest first',
  'score:desc': 'Score, highest first',
} as const;
type Order = keyof typeof orders;

interface ResultsFiltersProps {
  experiment: Experiment;
  state: ResultsState;
  set: (changes: Partial<ResultsState>) => void;
}

/** Whose score the matrix sorts and filters by (a variant, a scorer), its bounds and cell state. */
export function ResultsFilters({ experiment, state, set }: ResultsFiltersProps) {
  const variants = new Map(
    experiment.variants.map((v, i) => [String(i), variantLabel(v, i)] as const),
  );
  const scorers = new Map(
    experiment.scorers.map((s, i) => [String(i), `${i + 1}. ${scorerLabel(s)}`] as const),
  );
  const scored = state.scorer !== null;
  const order: Order = `${scored ? state.sort : 'case'}:${state.dir}`;
  const filtered =
    state.scorer !== null || state.state !== null || state.min !== '' || state.max !== '';
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={2}
      role="group"
      aria-label="Sort and filter the results"
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start', mb: 1 }}
    >
      <SelectFilter
        label="Sort and filter by variant"
        choices={variants}
        value={String(state.variant)}
        onChange={(v) => set({ variant: Number(v) })}
        minWidth={260}
      />
      {experiment.scorers.length > 0 && (
        <SelectFilter
          label="Score of"
          anyLabel="No scorer"
          choices={scorers}
          value={state.scorer === null ? null : String(state.scorer)}
          onChange={(v) => set({ scorer: v === null ? null : Number(v) })}
          minWidth={220}
        />
      )}
      {scored && (
        <>
          <BoundField label="Least score" value={state.min} onChange={(min) => set({ min })} />
          <BoundField label="Most score" value={state.max} onChange={(max) => set({ max })} />
        </>
      )}
      <SelectFilter<CellState>
        label="Cell state"
        anyLabel="Any state"
        choices={cellStateChoices}
        value={state.state}
        onChange={(s) => set({ state: s })}
        minWidth={160}
      />
      <TextField
        select
        size="small"
        label="Order"
        value={order}
        onChange={(event) => {
          const [sort, dir] = event.target.value.split(':') as ['case' | 'score', 'asc' | 'desc'];
          set({ sort, dir });
        }}
        sx={{ minWidth: 200 }}
      >
        {(Object.keys(orders) as Order[])
          .filter((o) => scored || o.startsWith('case'))
          .map((o) => (
            <MenuItem key={o} value={o}>
              {orders[o]}
            </MenuItem>
          ))}
      </TextField>
      {filtered && <Button onClick={() => set(noResultFilters)}>Clear the filters</Button>}
    </Stack>
  );
}
