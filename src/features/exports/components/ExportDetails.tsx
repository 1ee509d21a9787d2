import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import type { ExportRecord } from '../../../api/contract';
import { DateTime, DefinitionList } from '../../../components';
import { formatDuration, plural } from '../../../lib/format';
import { exportDuration, exportRowCount } from '../lib/records';
import { ExportStatusChip } from './ExportStatusChip';
import { ExportTarget } from './ExportTarget';

/** One export in full: status, times, rows per file, where it went, and why it failed. */
export function ExportDetails({ record, now }: { record: ExportRecord; now: number }) {
  const running = record.exportStatus === 'running';
  const duration = exportDuration(record, now);
  const files = Object.entries(record.urlRowCountMap);
  return (
    <Stack spacing={2}>
      {running && <LinearProgress aria-label="Export in progress" />}
      <DefinitionList
        items={[
          { label: 'Status', value: <ExportStatusChip status={record.exportStatus} /> },
          { label: 'Started', value: <DateTime value={record.started} /> },
          running
            ? {
                label: 'Running for',
                value: duration === undefined ? '—' : formatDuration(duration),
              }
            : { label: 'Finished', value: <DateTime value={record.finished} /> },
          ...(running || duration === undefined
            ? []
            : [{ label: 'Duration', value: formatDuration(duration) }]),
          {
            label: 'Rows',
            value: running
              ? 'Counted when it finishes'
              : files.length > 1
                ? `${plural(exportRowCount(record), 'row')} in ${plural(files.length, 'file')}`
                : plural(exportRowCount(record), 'row'),
          },
          { label: 'Target', value: <ExportTarget record={record} /> },
          {
            label: 'Format',
            value: `${record.exportFormat.toUpperCase()}${record.compression === 'gzip' ? ', gzip' : ''}`,
          },
          { label: 'Export id', value: <code>{record.exportId}</code> },
        ]}
      />
      {record.exportStatus === 'failed' && (
        <Alert severity="error" variant="outlined">
          <AlertTitle>
            The export failed{record.errorCode ? ` (${record.errorCode})` : ''}
          </AlertTitle>
          {record.message || 'The platform gave no reason.'}
        </Alert>
      )}
    </Stack>
  );
}
