import type { AccessTokenKind } from '../../../api/contract';
import { FilterBar, selectFilter } from '../../../components/FilterBar';
import type { TokensParams } from '../hooks/use-tokens-params';
import { tokenKindLabel, type StatusFilter } from '../lib/token-status';

const kindChoices: Record<AccessTokenKind, string> = {
  developer: `${tokenKindLabel.developer} tokens`,
  access: `${tokenKindLabel.access} tokens`,
};
const statusChoices: Record<StatusFilter, string> = {
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
  all: 'Any status',
};

export function TokenFilters({ params, showKind }: { params: TokensParams; showKind: boolean }) {
  return (
    <FilterBar
      mb={0}
      filters={[
        showKind &&
          selectFilter<AccessTokenKind>({
            label: 'Kind',
            anyLabel: 'Any kind',
            value: params.kind ?? null,
            onChange: (kind) => params.setKind(kind ?? undefined),
            choices: kindChoices,
          }),
        selectFilter({
          label: 'Status',
          value: params.status,
          onChange: params.setStatus,
          choices: statusChoices,
        }),
      ]}
    />
  );
}
