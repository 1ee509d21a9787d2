import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import type { FileRevision, RevisionPreview } from '../../../api/contract/files';
import { useRevisionPreview } from '../../../api/files/get-revision-preview';
import { ErrorState, LoadingState, TextRowsTable } from '../../../components';
import { TitledDialog } from '../../../components/TitledDialog';
import { plural } from '../../../lib/format';
import { RevisionDownload } from './RevisionDownload';
import { ScanStateChip } from './ScanStateChip';

export interface RevisionPreviewDialogProps {
  open: boolean;
  onClose: () => void;
  fileName: string;
  revision: FileRevision;
  revisionName: string;
}

const shownWords = (preview: RevisionPreview) => {
  const count =
    preview.format === 'csv'
      ? plural(Math.max(0, (preview.rows?.length ?? 1) - 1), 'row')
      : plural(preview.lines.length, 'line');
  return preview.truncated
    ? `The first ${count}; download the file for the rest.`
    : `All ${count}.`;
};

/** The first rows of a CSV revision, or the first lines of a text one, before downloading it. */
export function RevisionPreviewDialog(props: RevisionPreviewDialogProps) {
  const { open, onClose, fileName, revision, revisionName } = props;
  const preview = useRevisionPreview(revision.dataFileId, revision.dataFileRevisionId, open);
  const label = `Preview of ${revisionName}`;
  const data = preview.data;
  return (
    <TitledDialog open={open} onClose={onClose} title={`${label} of ${fileName}`} maxWidth="lg">
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5, flexWrap: 'wrap' }}>
          <ScanStateChip state={revision.scanState} />
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {revision.contentType}
            {data && ` · ${shownWords(data)}`}
          </Typography>
        </Box>
        {preview.isPending ? (
          <LoadingState label={`Loading the ${label.toLowerCase()}`} rows={4} />
        ) : preview.error ? (
          <ErrorState error={preview.error} title="This revision cannot be previewed" />
        ) : data?.format === 'csv' && data.rows ? (
          <TextRowsTable
            label={label}
            header={data.rows[0] ?? []}
            rows={data.rows.slice(1)}
            maxHeight="55vh"
            empty="The file has no rows under its header."
          />
        ) : (
          <Box
            component="pre"
            aria-label={label}
            tabIndex={0}
            sx={{
              m: 0,
              p: 1.5,
              maxHeight: '55vh',
              overflow: 'auto',
              bgcolor: 'action.hover',
              borderRadius: 1,
              fontSize: 13,
              whiteSpace: 'pre',
            }}
          >
            {data?.lines.join('\n')}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <RevisionDownload
          fileName={fileName}
          revision={revision}
          revisionName={revisionName}
          variant="button"
          buttonLabel={`Download ${revisionName}`}
        />
      </DialogActions>
    </TitledDialog>
  );
}
