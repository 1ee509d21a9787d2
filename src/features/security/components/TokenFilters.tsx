import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { accessTokenKinds } from '../../../api/contract';
import { SelectFilter } from '../../../components';
import type { TokensParams } from '../hooks/use-tokens-params';
import { tokenKindLabel, type StatusFilter } from '../lib/token-status';

const statusLabel: Record<StatusFilter, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
  all: 'Any status',
};
const statusChoices: StatusFilter[] = ['active', 'expired', 'revoked', 'all'];

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
      <SelectFilter
        label="Status"
        value={params.status}
        onChange={params.setStatus}
        options={statusChoices}
        optionLabel={(status) => statusLabel[status]}
      />
    </Stack>
  );
}
