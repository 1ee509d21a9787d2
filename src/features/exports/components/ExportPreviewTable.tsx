import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useExportPreview } from '../../../api/exports';
import { ErrorState, LoadingState, Section } from '../../../components';
import { plural } from '../../../lib/format';

/** The first rows of an export's file, as the platform wrote them (header row as headings). */
export function ExportPreviewTable({
  exportId,
  file,
  name,
}: {
  exportId: string;
  file: number;
  name: string;
}) {
  const preview = useExportPreview(exportId, file, true);
  const label = `First rows of ${name}`;
  return (
    <Section
      title={label}
      description={
        preview.data &&
        `${plural(preview.data.rows.length, 'row')}${preview.data.more ? ' shown; the file has more' : ''}`
      }
    >
      {preview.data ? (
        <TableContainer sx={{ maxHeight: 560, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Table size="small" stickyHeader aria-label={label}>
            <TableHead>
              <TableRow>
                {preview.data.columns.map((column, i) => (
                  <TableCell key={i} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                    {column}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.data.rows.map((row, r) => (
                <TableRow key={r}>
                  {preview.data.columns.map((_c, i) => (
                    <TableCell key={i} sx={{ maxWidth: 320, overflowWrap: 'anywhere' }}>
                      {row[i] ?? ''}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {preview.data.rows.length === 0 && (
            <Typography sx={{ p: 2, color: 'text.secondary' }}>The file has no rows.</Typography>
          )}
        </TableContainer>
      ) : preview.isError ? (
        <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <LoadingState label="Loading the first rows" rows={5} />
      )}
    </Section>
  );
}
