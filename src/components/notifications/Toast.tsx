import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { Notice, NoticeSeverity } from './store';

const hideAfterMs: Record<NoticeSeverity, number> = { success: 4000, info: 6000, error: 10000 };

/** One toast; loaded with the first notice, so the first page does without the snackbar. */
export default function Toast({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  return (
    <Snackbar
      open
      autoHideDuration={hideAfterMs[notice.severity]}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onDismiss();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={notice.severity} variant="filled" onClose={onDismiss}>
        {notice.message}
      </Alert>
    </Snackbar>
  );
}
