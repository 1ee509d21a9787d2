import Stack from '@mui/material/Stack';
import { accessTokenKinds } from '../../../api/contract';
import { SelectFilter } from '../../../components';
import { OptionalSelectFilter } from '../../../components/OptionalSelectFilter';
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
        <OptionalSelectFilter
          label="Kind"
          value={params.kind ?? null}
          onChange={(kind) => params.setKind(kind ?? undefined)}
          options={accessTokenKinds}
          optionLabel={(kind) => `${tokenKindLabel[kind]} tokens`}
          anyLabel="Any kind"
        />
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
