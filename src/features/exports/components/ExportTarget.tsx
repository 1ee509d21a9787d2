import Box from '@mui/material/Box';
import type { ExportRecord } from '../../../api/contract';
import { CopyButton } from '../../../components';

/** Where the export went: each written object's URL (copyable), or its bucket while none is. */
export function ExportTarget({ record }: { record: ExportRecord }) {
  const urls = Object.keys(record.urlRowCountMap);
  if (urls.length === 0) return <span>{record.bucket}</span>;
  return (
    <>
      {urls.map((url) => (
        <Box
          key={url}
          component="span"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, maxWidth: '100%' }}
        >
          <Box component="code" sx={{ fontSize: 13, overflowWrap: 'anywhere' }}>
            {url}
          </Box>
          <CopyButton value={url} label="Copy the object's URL" />
        </Box>
      ))}
    </>
  );
}
