import Box from '@mui/material/Box';
import type { ExportRecord } from '../../../api/contract';
import { CopyButton } from '../../../components';
import { filesOfRecord } from '../lib/export-view';
import { FileDownload } from './FileDownload';

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
          <FileDownload record={record} file={file} n={n} />
        </Box>
      ))}
    </>
  );
}
