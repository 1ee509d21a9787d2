import type { AccessTokenKind } from '../../../api/contract';
import { FilterBar, selectFilter } from '../../../components/FilterBar';
import type { ListController } from '../../../hooks/use-list-controller';
import type { tokensSpec } from '../lib/list-params';
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

export function TokenFilters({
  list,
  showKind,
}: {
  list: ListController<typeof tokensSpec>;
  showKind: boolean;
}) {
  const { params, setters } = list;
  return (
    <FilterBar
      mb={0}
      filters={[
        showKind &&
          selectFilter<AccessTokenKind>({
            label: 'Kind',
            anyLabel: 'Any kind',
            value: params.kind,
            onChange: setters.kind,
            choices: kindChoices,
          }),
        selectFilter({
          label: 'Status',
          value: params.status,
          onChange: setters.status,
          choices: statusChoices,
        }),
      ]}
    />
  );
}
