import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useFilesetPermission } from '../../../api/access/get-file-access';
import { useDeleteFilesetFile } from '../../../api/filesets/delete-fileset-file';
import { ConfirmDialog, Guard } from '../../../components';
import { useConfirmMutation } from '../../../hooks/use-confirm-mutation';

export interface DeleteFileButtonProps {
  filesetId: string;
  file: { id: string; name: string; path: string };
  onDeleted: () => void;
}

/**
 * Deletes a file after a confirmation. Only the fileset's owner and Admins may: for
 * anyone else the button is disabled, with the reason.
 */
export function DeleteFileButton({ filesetId, file, onDeleted }: DeleteFileButtonProps) {
  const permission = useFilesetPermission(filesetId, 'deleteFile');
  const deletion = useConfirmMutation(useDeleteFilesetFile(), (fileId: string) => ({
    variables: { filesetId, fileId },
    onSuccess: onDeleted,
  }));
  return (
    <>
      <Guard {...permission}>
        <Button color="error" startIcon={<DeleteIcon />} onClick={() => deletion.ask(file.id)}>
          Delete
        </Button>
      </Guard>
      <ConfirmDialog
        {...deletion.dialog}
        title={`Delete ${file.name}?`}
        confirmLabel="Delete"
        destructive
        errorTitle="The file was not deleted"
      >
        {file.path} leaves the fileset and its search; this cannot be undone.
      </ConfirmDialog>
    </>
  );
}
