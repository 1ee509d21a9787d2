import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Account, Connector } from '../../../api/contract/streams';
import { accountsFor } from '../model/step-schemas';
import type { WizardValues } from '../model/wizard-values';

/** The accounts offered for the connector; when exactly one fits and none is chosen, it is chosen. */
export function useAccountChoice(
  connector: Connector | undefined,
  accounts: Account[] | undefined,
) {
  const { setValue, control } = useFormContext<WizardValues>();
  const accountId = useWatch({ control, name: 'accountId' });
  const offered = accounts ? accountsFor(connector, accounts) : undefined;
  const only = offered?.length === 1 ? offered[0] : undefined;
  const typed = offered?.some((a) => a.type === connector?.key) ?? true;

  useEffect(() => {
    if (only && !accountId) setValue('accountId', String(only.id), { shouldDirty: true });
  }, [only, accountId, setValue]);

  return { offered, typed };
}
