import { useId } from 'react';
import { Controller } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AccessTokenKind, AccessUser, CreatedAccessToken } from '../../../api/contract';
import { CopyButton, DateTime, ErrorState } from '../../../components';
import { useCreateToken } from '../hooks/use-create-token';
import { expiryChoices, tokenKindLabel } from '../lib/token-status';

export interface CreateTokenDialogProps {
  open: boolean;
  onClose: () => void;
  /** Admins choose the kind and the owner; others create access tokens for themselves. */
  isAdmin: boolean;
  users: AccessUser[];
  me: AccessUser;
  defaultKind: AccessTokenKind;
}

const kindHelp: Record<AccessTokenKind, string> = {
  access: 'For the workflow API (Authorization: Bearer); needs the Workflow API grant.',
  developer: 'Acts as its owner on the platform API, e.g. for a console or a client.',
};

/** Create a token, then show its value once. Loaded on the first press of "Create token". */
export default function CreateTokenDialog(props: CreateTokenDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <CreateTokenContent {...props} titleId={titleId} />
    </Dialog>
  );
}

function CreateTokenContent({
  onClose,
  isAdmin,
  users,
  me,
  defaultKind,
  titleId,
}: CreateTokenDialogProps & { titleId: string }) {
  const { form, submit, pending, error, created } = useCreateToken(defaultKind);
  if (created)
    return (
      <CreatedToken token={created} titleId={titleId} users={users} me={me} onClose={onClose} />
    );
  const { register, control, formState } = form;
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <DialogTitle id={titleId}>Create token</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            required
            autoFocus
            placeholder="e.g. nightly sync"
            {...register('name')}
            error={Boolean(formState.errors.name)}
            helperText={
              formState.errors.name?.message ?? 'Say what uses it, so it can be revoked knowingly.'
            }
          />
          {isAdmin && (
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <TextField select label="Kind" {...field} helperText={kindHelp[field.value]}>
                  {(['access', 'developer'] as const).map((kind) => (
                    <MenuItem key={kind} value={kind}>
                      {tokenKindLabel[kind]} token
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          )}
          {isAdmin && (
            <Controller
              control={control}
              name="ownerId"
              render={({ field }) => (
                <Autocomplete<AccessUser, false, true, false>
                  options={users}
                  value={users.find((u) => u.id === (field.value ?? me.id)) ?? me}
                  onChange={(_event, user) => field.onChange(user.id !== me.id ? user.id : null)}
                  getOptionLabel={(user) => `${user.displayName} (${user.role})`}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  disableClearable
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Owner"
                      helperText="The token acts as this user, with their role and grants."
                    />
                  )}
                />
              )}
            />
          )}
          <Controller
            control={control}
            name="expiresInDays"
            render={({ field }) => (
              <TextField
                select
                label="Expires after"
                value={field.value}
                onChange={(event) => field.onChange(Number(event.target.value))}
              >
                {expiryChoices.map((choice) => (
                  <MenuItem key={choice.days} value={choice.days}>
                    {choice.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {error && <ErrorState error={error} title="The token was not created" />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={pending}>
          Create token
        </Button>
      </DialogActions>
    </Box>
  );
}

function CreatedToken({
  token,
  titleId,
  users,
  me,
  onClose,
}: {
  token: CreatedAccessToken;
  titleId: string;
  users: AccessUser[];
  me: AccessUser;
  onClose: () => void;
}) {
  const owner =
    users.find((u) => u.id === token.ownerId) ?? (token.ownerId === me.id ? me : undefined);
  return (
    <>
      <DialogTitle id={titleId}>Token “{token.name}” created</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            <AlertTitle>Copy it now: it cannot be seen again</AlertTitle>
            The platform keeps only a hash of it. If it is lost, revoke it and create another.
          </Alert>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              label="Token"
              value={token.token}
              fullWidth
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } },
              }}
              onFocus={(event) => event.target.select()}
            />
            <CopyButton value={token.token} label="Copy token" />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {tokenKindLabel[token.kind]} token of {owner?.displayName ?? `user ${token.ownerId}`}
            {token.expires ? (
              <>
                , expires <DateTime value={token.expires} />
              </>
            ) : (
              ', never expires'
            )}
            .
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </>
  );
}
