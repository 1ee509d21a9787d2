import { Controller } from 'react-hook-form';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ErrorState, Guard } from '../../../../components';
import { sentence } from '../../hooks/schema-form';
import type { AccessSettingsFormState } from '../hooks/use-access-settings-form';

const fields = [
  {
    name: 'defaultPermissions',
    label: 'Default permissions',
    help: 'Given to every user, comma-separated: READ, READ_CONTENT, CREATE_CONTENT, …',
    rows: 1,
  },
  {
    name: 'requiredAuthorities',
    label: 'Required authorities (JSON)',
    help: 'Empty: none',
    rows: 3,
  },
  {
    name: 'filters',
    label: 'Filters (JSON)',
    help: 'Limit which documents each user reads, changes or deletes. Empty: none',
    rows: 6,
  },
] as const;

/** Default permissions, required authorities and filters: ADMIN on the collection only. */
export function AccessSettingsForm({ access }: { access: AccessSettingsFormState }) {
  const { form, save, reset, administer, dirty, saving, error } = access;
  return (
    <Stack component="form" noValidate onSubmit={save} aria-label="Access settings" spacing={2}>
      {fields.map(({ name, label, help, rows }) => (
        <Controller
          key={name}
          control={form.control}
          name={name}
          render={({ field, fieldState }) => (
            <Guard {...administer}>
              <TextField
                {...field}
                inputRef={field.ref}
                label={label}
                size="small"
                multiline={rows > 1}
                minRows={rows > 1 ? rows : undefined}
                autoComplete="off"
                disabled={saving}
                error={fieldState.invalid}
                helperText={sentence(fieldState.error?.message) ?? help}
                sx={{ width: { xs: '100%', md: 560 } }}
                slotProps={{ htmlInput: { spellCheck: false, sx: { fontFamily: 'monospace' } } }}
              />
            </Guard>
          )}
        />
      ))}
      <Stack direction="row" spacing={1}>
        <Guard {...administer}>
          <Button type="submit" variant="outlined" disabled={!dirty} loading={saving}>
            Save access settings
          </Button>
        </Guard>
        {dirty && (
          <Button onClick={reset} disabled={saving}>
            Cancel
          </Button>
        )}
      </Stack>
      {error && <ErrorState error={error} title="Could not save the access settings" />}
    </Stack>
  );
}
