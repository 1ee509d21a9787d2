import { Controller, useFormContext } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Account, Connector } from '../../../api/contract/streams';
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
      <Controller
        control={control}
        name="accountId"
        render={({ field, fieldState }) => (
          <TextField
            select
            required
            label="Account"
            name={field.name}
            value={offered.some((a) => String(a.id) === field.value) ? field.value : ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={!!fieldState.error}
            helperText={
              fieldState.error?.message ??
              (offered.length === 0
                ? 'The platform has no accounts to offer'
                : `The accounts for ${connector.name}`)
            }
            fullWidth
            slotProps={{
              select: {
                renderValue: (id) => offered.find((a) => String(a.id) === id)?.name ?? String(id),
              },
            }}
          >
            {offered.map((account) => (
              <MenuItem key={account.id} value={String(account.id)}>
                <ListItemText
                  primary={account.name}
                  secondary={`Account ${account.id} · ${account.type}`}
                />
              </MenuItem>
            ))}
          </TextField>
        )}
      />
    </Stack>
  );
}
