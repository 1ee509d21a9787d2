import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { FileRevision } from '../../../api/contract/files';
import { dataFileRevisionDownloadPath } from '../../../api/files/get-data-file';
import { ConfirmDialog } from '../../../components';
import { downloadHref } from '../../../lib/download';

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
 * opens a blocking dialog that names the finding and asks the user to confirm (issue 25).
 */
export function RevisionDownload({
  fileName,
  revision,
  revisionName,
  variant = 'icon',
  buttonLabel = 'Download',
}: RevisionDownloadProps) {
  const [asking, setAsking] = useState(false);
  const href = dataFileRevisionDownloadPath(revision.dataFileId, revision.dataFileRevisionId);
  const unsafe = revision.scanState === 'UNSAFE';
  const label = `Download ${revisionName}`;
  const linkProps = unsafe
    ? { onClick: () => setAsking(true), 'aria-haspopup': 'dialog' as const }
    : { component: 'a' as const, href, download: fileName };
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
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          downloadHref(href, fileName);
        }}
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
    </>
  );
}
