import { useState, type MouseEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { FileRevision } from '../../../api/contract/files';
import { downloadRevision } from '../../../api/files/download-revision';
import { dataFileRevisionDownloadPath } from '../../../api/files/get-data-file';
import { dataFileKeys } from '../../../api/files/keys';
import { isApiError } from '../../../api/errors';
import { ConfirmDialog, ErrorState, TitledDialog } from '../../../components';

export interface RevisionDownloadProps {
  fileName: string;
  revision: FileRevision;
  /** How people call the revision: "Revision 2". */
  revisionName: string;
  /** An icon in a table row, or a labelled button ("Download current"). */
  variant?: 'icon' | 'button';
  buttonLabel?: string;
}

/**
 * A revision's download. A revision the scan flagged Unsafe is never one click away: the click
 * opens a blocking dialog that names the finding and asks the user to confirm, and the download
 * then says so (`acknowledgeUnsafe`). A revision not yet found SAFE may have been flagged since
 * it was read: its download asks the platform first, and a refusal (the 409 naming the scan's
 * finding opens the same dialog) is shown with its status and trace id.
 */
export function RevisionDownload({
  fileName,
  revision,
  revisionName,
  variant = 'icon',
  buttonLabel = 'Download',
}: RevisionDownloadProps) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>();
  const href = dataFileRevisionDownloadPath(revision.dataFileId, revision.dataFileRevisionId);
  const unsafe = revision.scanState === 'UNSAFE';
  const label = `Download ${revisionName}`;
  const download = async (acknowledgeUnsafe: boolean) => {
    setPending(true);
    setFailure(undefined);
    try {
      await downloadRevision(revision, fileName, { acknowledgeUnsafe });
      setAsking(false);
    } catch (error) {
      setFailure(error);
      if (isApiError(error) && error.status === 409) {
        setAsking(true);
        void queryClient.invalidateQueries({ queryKey: dataFileKeys.detail(revision.dataFileId) });
      }
    } finally {
      setPending(false);
    }
  };
  const askFirst = (event: MouseEvent) => {
    event.preventDefault();
    void download(false);
  };
  const linkProps = unsafe
    ? { onClick: () => setAsking(true), 'aria-haspopup': 'dialog' as const }
    : {
        component: 'a' as const,
        href,
        download: fileName,
        ...(revision.scanState !== 'SAFE' && { onClick: askFirst }),
      };
  const close = () => {
    setAsking(false);
    setFailure(undefined);
  };
  const icon = unsafe ? <WarningAmberIcon fontSize="small" /> : <DownloadIcon fontSize="small" />;

  return (
    <>
      {variant === 'icon' ? (
        <Tooltip title={unsafe ? `${label}: flagged Unsafe by the scan` : label}>
          <IconButton
            {...linkProps}
            aria-label={label}
            size="small"
            color={unsafe ? 'error' : 'default'}
          >
            {icon}
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          {...linkProps}
          variant="outlined"
          color={unsafe ? 'error' : 'primary'}
          startIcon={unsafe ? <WarningAmberIcon /> : <DownloadIcon />}
        >
          {buttonLabel}
        </Button>
      )}
      <ConfirmDialog
        open={asking}
        title="Download an unsafe file?"
        confirmLabel="Download anyway"
        destructive
        pending={pending}
        error={failure}
        errorTitle="The platform refused the download"
        onClose={close}
        onConfirm={() => void download(true)}
      >
        <Alert severity="error" sx={{ mb: 2 }}>
          The virus scan flagged {revisionName} of {fileName} as <strong>Unsafe</strong>: it may
          carry malware.
        </Alert>
        <Typography variant="body2">
          Open it only on a machine meant for inspecting such files. Cancel leaves it on the
          platform.
        </Typography>
      </ConfirmDialog>
      <TitledDialog
        open={failure !== undefined && !asking}
        onClose={close}
        title={`${revisionName} of ${fileName} was not downloaded`}
        maxWidth="xs"
      >
        <DialogContent>
          <ErrorState error={failure} title="The platform refused the download" />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Close</Button>
        </DialogActions>
      </TitledDialog>
    </>
  );
}
