import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { accessTokenKinds } from '../../../api/contract';
import type { TokensParams } from '../hooks/use-tokens-params';
import { tokenKindLabel, type StatusFilter } from '../lib/token-status';

const statusChoices: { value: StatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'expired', label: 'Expired' },
  { value: 'revoked', label: 'Revoked' },
  { value: 'all', label: 'Any status' },
];

export function TokenFilters({ params, showKind }: { params: TokensParams; showKind: boolean }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      {showKind && (
        <TextField
          select
          size="small"
          label="Kind"
          value={params.kind ?? 'all'}
          onChange={(event) =>
            params.setKind(event.target.value === 'all' ? undefined : (event.target.value as never))
          }
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="all">Any kind</MenuItem>
          {accessTokenKinds.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {tokenKindLabel[kind]} tokens
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        select
        size="small"
        label="Status"
        value={params.status}
        onChange={(event) => params.setStatus(event.target.value as StatusFilter)}
        sx={{ minWidth: 180 }}
      >
        {statusChoices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
