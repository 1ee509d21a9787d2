import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { TitledDialog } from '../../../components/TitledDialog';
import { formatCount, plural } from '../../../lib/format';
import type { BulkLockState } from '../hooks/use-bulk-lock';

export interface BulkLockDialogProps {
  state: BulkLockState;
  onConfirm: () => void;
  onRetry: () => void;
  onClose: () => void;
}

const verb = (locked: boolean) => (locked ? 'Lock' : 'Unlock');
const past = (locked: boolean) => (locked ? 'locked' : 'unlocked');

/** Confirm with the count, then progress, then each field's result with the failures listed. */
export function BulkLockDialog({ state, onConfirm, onRetry, onClose }: BulkLockDialogProps) {
  if (state.step === 'idle') return null;
  const running = state.step === 'running';

  let title: string;
  let content: ReactNode;
  let actions: ReactNode;
  if (state.step === 'confirm') {
    title = `${verb(state.locked)} ${plural(state.fields.length, 'calculated field')}?`;
    content = (
      <Typography>
        {state.locked
          ? 'A locked field cannot be altered until it is unlocked again.'
          : 'An unlocked field’s expression can be edited by anyone who may modify it.'}
      </Typography>
    );
    actions = (
      <>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm}>
          {verb(state.locked)} {formatCount(state.fields.length)}
        </Button>
      </>
    );
  } else if (state.step === 'running') {
    title = `${state.locked ? 'Locking' : 'Unlocking'} ${plural(state.fields.length, 'calculated field')}…`;
    content = (
      <Box role="status">
        <Typography sx={{ mb: 1 }}>
          {formatCount(state.done)} of {formatCount(state.fields.length)} done
        </Typography>
        <LinearProgress
          variant="determinate"
          value={(state.done / Math.max(1, state.fields.length)) * 100}
          aria-label="Progress"
        />
      </Box>
    );
    actions = <Button disabled>Close</Button>;
  } else {
    const { summary } = state;
    const failed = summary.failed.length;
    title = failed
      ? `${plural(failed, 'field')} not ${past(summary.locked)}`
      : `${plural(summary.succeeded.length, 'field')} ${past(summary.locked)}`;
    content = (
      <>
        <Alert severity={failed ? 'warning' : 'success'} role="status" sx={{ mb: failed ? 2 : 0 }}>
          {formatCount(summary.succeeded.length)} {past(summary.locked)}
          {failed ? `, ${formatCount(failed)} failed` : ''}.
        </Alert>
        {failed > 0 && (
          <List dense aria-label="Failed fields" sx={{ maxHeight: 280, overflow: 'auto' }}>
            {summary.failed.map(({ field, reason }) => (
              <ListItem key={field.id} disableGutters>
                <ListItemText
                  primary={field.name}
                  secondary={reason}
                  slotProps={{ secondary: { sx: { color: 'error.main' } } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </>
    );
    actions = (
      <>
        <Button onClick={onClose}>Close</Button>
        {failed > 0 && (
          <Button variant="contained" onClick={onRetry}>
            Retry {formatCount(failed)} failed
          </Button>
        )}
      </>
    );
  }

  return (
    <TitledDialog open onClose={onClose} busy={running} title={title}>
      <DialogContent>{content}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </TitledDialog>
  );
}
