import { useState } from 'react';
import Button from '@mui/material/Button';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import { useFilesetPermission } from '../../../api/access/get-file-access';
import { useDeleteFilesetFile } from '../../../api/filesets/delete-fileset-file';
import { ConfirmDialog, ErrorState, Guard } from '../../../components';

export interface DeleteFileButtonProps {
  filesetId: string;
  file: { id: string; name: string; path: string };
  onDeleted: () => void;
}

/**
 * Deletes a file after a confirmation. Only the fileset's owner and Admins may (issue 23): for
 * anyone else the button is disabled, with the reason.
 */
export function DeleteFileButton({ filesetId, file, onDeleted }: DeleteFileButtonProps) {
  const permission = useFilesetPermission(filesetId, 'deleteFile');
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteFilesetFile();
  const close = () => {
    setConfirming(false);
    remove.reset();
  };
  return (
    <>
      <Guard {...permission}>
        <Button color="error" startIcon={<DeleteIcon />} onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </Guard>
      <ConfirmDialog
        open={confirming}
        title={`Delete ${file.name}?`}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onClose={close}
        onConfirm={() =>
          remove.mutate(
            { filesetId, fileId: file.id },
            {
              onSuccess: () => {
                setConfirming(false);
                onDeleted();
              },
            },
          )
        }
      >
        {file.path} leaves the fileset and its search; this cannot be undone.
        {remove.isError && <ErrorState error={remove.error} title="The file was not deleted" />}
      </ConfirmDialog>
    </>
  );
}
