import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { DeleteCollectionDialog } from '../../components/DeleteCollectionDialog';
import type { DeleteCollectionDialogState } from '../../hooks/use-delete-collection-dialog';
import { GuardedCollectionAction } from '../../../../components';

export function DangerZone({
  dialog,
  collectionId,
}: {
  dialog: DeleteCollectionDialogState;
  collectionId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, borderColor: 'error.main' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Stack spacing={0.5}>
          <Typography variant="subtitle1" component="h3">
            Delete this collection
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Deletes the collection and all of its documents. Its linked dataset is kept.
          </Typography>
        </Stack>
        <GuardedCollectionAction collectionId={collectionId} operation="delete">
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteOutlinedIcon />}
            onClick={dialog.openDialog}
            sx={{ flexShrink: 0 }}
          >
            Delete collection
          </Button>
        </GuardedCollectionAction>
      </Stack>
      <DeleteCollectionDialog dialog={dialog} />
    </Paper>
  );
}
