import { useFormContext } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { Account, Connector } from '../../../api/contract/streams';
import { FormSelectField } from '../../../components/form';
import { useAccountChoice } from '../hooks/use-account-choice';
import type { WizardValues } from '../model/wizard-values';

export interface AccountStepProps {
  connector: Connector;
  accounts: Account[];
}

/** Step 3: the account the stream reads with. */
export function AccountStep({ connector, accounts }: AccountStepProps) {
  const { control } = useFormContext<WizardValues>();
  const { offered = [], typed } = useAccountChoice(connector, accounts);

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      {!typed && offered.length > 0 && (
        <Alert severity="info">
          No account is marked for {connector.name}; every account is offered.
        </Alert>
      )}
      <FormSelectField
        control={control}
        name="accountId"
        required
        label="Account"
        choices={offered.map((account) => ({
          value: String(account.id),
          label: account.name,
          detail: `Account ${account.id} · ${account.type}`,
        }))}
        helperText={
          offered.length === 0
            ? 'The platform has no accounts to offer'
            : `The accounts for ${connector.name}`
        }
        fullWidth
      />
    </Stack>
  );
}
