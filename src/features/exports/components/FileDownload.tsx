import IconButton from '@mui/material/IconButton';
import DownloadIcon from '@mui/icons-material/Download';
import type { ExportFile, ExportRecord } from '../../../api/contract';
import { exportFileDownloadPath } from '../../../api/exports';
import { Tooltip } from '../../../components/Tooltip';

/** The download button of an export's file the platform keeps itself (`local://`); else none. */
export function FileDownload({
  record,
  file,
  n,
}: {
  record: ExportRecord;
  file: ExportFile;
  n: number;
}) {
  if (!file.url.startsWith('local://')) return null;
  return (
    <Tooltip title={`Download ${file.name}`}>
      <IconButton
        size="small"
        href={exportFileDownloadPath(record.exportId, n)}
        download
        aria-label={`Download ${file.name}`}
      >
        <DownloadIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}
