import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import DownloadIcon from '@mui/icons-material/Download';
import type { ExportRecord } from '../../../api/contract';
import { exportFileDownloadPath } from '../../../api/exports';
import { CopyButton } from '../../../components';
import { Tooltip } from '../../../components/Tooltip';
import { filesOfRecord } from '../lib/export-view';

/**
 * Where the export went: each written object's URL (copyable; the platform's own files also
 * downloadable), or its bucket while none is.
 */
export function ExportTarget({ record }: { record: ExportRecord }) {
  const files = filesOfRecord(record);
  if (files.length === 0) return <span>{record.bucket}</span>;
  return (
    <>
      {files.map((file, n) => (
        <Box
          key={file.url}
          component="span"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}
        >
          <Box component="code" sx={{ fontSize: 13, overflowWrap: 'anywhere' }}>
            {file.url}
          </Box>
          <CopyButton value={file.url} label="Copy the object's URL" />
          {file.url.startsWith('local://') && (
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
          )}
        </Box>
      ))}
    </>
  );
}
