import { Controller, useWatch } from 'react-hook-form';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Dataset } from '../../../api/contract';
import { ErrorState } from '../../../components';
import { FormCheckbox, FormDialog } from '../../../components/form';
import type { ShareDialogState } from '../hooks/use-share-dialog';
import { AccessLevelSelect } from './AccessLevelSelect';
import { accessLevelHelp, accessLevelLabels, listNames, type AccessLevel } from './access-levels';
import { PrincipalPicker } from './PrincipalPicker';
import { RecipientsList, recipientsTitle } from './RecipientsList';

export interface ShareDialogProps {
  dialog: ShareDialogState;
  dataset: Dataset;
  /** Who already has access: the picker says so beside them. */
  current: Map<string, AccessLevel>;
  /** The levels the caller may give (at most his own). */
  grantable: AccessLevel[];
}

function PickStep({ dialog, current, grantable }: Omit<ShareDialogProps, 'dataset'>) {
  const { form, search } = dialog;
  return (
    <Stack spacing={3} sx={{ pt: 1 }}>
      <Controller
        control={form.control}
        name="principals"
        render={({ field, fieldState }) => (
          <PrincipalPicker
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            input={search.input}
            onInputChange={search.setInput}
            options={search.options}
            loading={search.loading}
            current={current}
            error={fieldState.error?.message}
            searchError={search.error ? `Cannot search: ${search.error.message}` : undefined}
          />
        )}
      />
      <Controller
        control={form.control}
        name="accessLevel"
        render={({ field }) => (
          <AccessLevelSelect
            label="Access level"
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            helperText={accessLevelHelp[field.value]}
            levels={grantable}
            sx={{ maxWidth: 360 }}
          />
        )}
      />
      <FormCheckbox
        control={form.control}
        name="sendEmail"
        label="Send email"
        help="Each person, and each member of a group, is notified. You will see who before anything is sent."
      />
    </Stack>
  );
}

function ConfirmStep({ dialog, dataset }: Pick<ShareDialogProps, 'dialog' | 'dataset'>) {
  const values = dialog.form.getValues();
  return (
    <Stack spacing={2}>
      <Typography variant="body2">
        “{dataset.name}” will be shared with {listNames(values.principals.map((p) => p.name))} (
        {accessLevelLabels[values.accessLevel].toLowerCase()}), and the platform will email:
      </Typography>
      <RecipientsList sections={dialog.recipients.sections} />
    </Stack>
  );
}

/** Share a dataset (4.5): pick, choose the access, and (optionally) confirm who gets an email. */
export function ShareDialog({ dialog, dataset, current, grantable }: ShareDialogProps) {
  const confirming = dialog.step === 'confirm';
  const sendEmail = useWatch({ control: dialog.form.control, name: 'sendEmail' });
  const title = confirming
    ? recipientsTitle(dialog.recipients.count, dialog.recipients.complete)
    : `Share “${dataset.name}”`;

  return (
    <FormDialog open={dialog.open} onClose={dialog.close} title={title} onSubmit={dialog.submit}>
      <DialogContent>
        {confirming ? (
          <ConfirmStep dialog={dialog} dataset={dataset} />
        ) : (
          <PickStep dialog={dialog} current={current} grantable={grantable} />
        )}
        {dialog.error && (
          <Stack sx={{ mt: 2 }}>
            <ErrorState error={dialog.error} title="The dataset was not shared" />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {confirming ? (
          <Button onClick={dialog.back} disabled={dialog.sharing}>
            Back
          </Button>
        ) : (
          <Button onClick={dialog.close} disabled={dialog.sharing}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="contained" loading={dialog.sharing}>
          {confirming ? 'Share and send email' : sendEmail ? 'Next' : 'Share'}
        </Button>
      </DialogActions>
    </FormDialog>
  );
}
