import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { DateTime, DefinitionList, type Definition } from '../../../components';
import { formatCount, formatDuration, plural } from '../../../lib/format';
import type { ExportView } from '../lib/export-view';
import { exportDuration, exportRowCount } from '../lib/records';
import { ExportStatusChip } from './ExportStatusChip';

const targetWords = { local: 'The platform’s local object store', s3: 'S3' } as const;

function queryItems(view: ExportView): Definition[] {
  const query = view.details?.query;
  if (!query) return [];
  return [
    {
      label: 'Columns',
      value: query.allColumns
        ? `Every column (${formatCount(query.columns.length)}), in the dataset’s order`
        : query.columns.join(', '),
    },
    ...(query.summary ? [{ label: 'Query', value: query.summary }] : []),
    {
      label: 'Options',
      value: [
        query.includeBOM ? 'Byte order mark' : 'No byte order mark',
        query.useCache ? 'reuse an unchanged export' : 'always write anew',
      ].join(' · '),
    },
  ];
}

function targetItems(view: ExportView): Definition[] {
  const target = view.details?.target;
  if (!target) return [{ label: 'Bucket', value: view.record.bucket }];
  return [
    {
      label: 'Target',
      value: (
        <>
          {targetWords[target.kind]}: bucket <code>{target.bucket}</code>, path{' '}
          <code>{target.path}</code>
          {target.region ? `, region ${target.region}` : ''}
        </>
      ),
    },
  ];
}

/** An export in full: status, who and when (to the second), duration, rows, query, target, error. */
export function ExportSummary({ view, now }: { view: ExportView; now: number }) {
  const { record, details } = view;
  const running = record.exportStatus === 'running';
  const duration = exportDuration(record, now);
  // A job whose process stopped runs again from the start: say which run this is.
  const attempt = details?.attempt ?? 1;
  const again =
    running && attempt > 1 && details?.maxAttempts !== undefined
      ? ` · attempt ${attempt} of ${details.maxAttempts}`
      : '';
  return (
    <Stack spacing={2}>
      {running && <LinearProgress aria-label="Export in progress" />}
      {record.exportStatus === 'failed' && (
        <Alert severity="error" variant="outlined">
          <AlertTitle>
            The export failed{record.errorCode ? ` (${record.errorCode})` : ''}
          </AlertTitle>
          <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {record.message || 'The platform gave no reason.'}
          </Box>
        </Alert>
      )}
      <DefinitionList
        items={[
          {
            label: 'Status',
            value: (
              <>
                <ExportStatusChip status={record.exportStatus} />
                {again}
              </>
            ),
          },
          ...(details
            ? [{ label: 'Started by', value: details.startedBy?.name ?? 'Not recorded' }]
            : []),
          { label: 'Started', value: <DateTime value={record.started} seconds /> },
          {
            label: 'Finished',
            value: running ? 'Still running' : <DateTime value={record.finished} seconds />,
          },
          {
            label: running ? 'Running for' : 'Duration',
            value: duration === undefined ? '—' : formatDuration(duration),
          },
          {
            label: 'Rows',
            value: running
              ? 'Counted when it finishes'
              : view.files.length > 1
                ? `${plural(exportRowCount(record), 'row')} in ${plural(view.files.length, 'file')}`
                : plural(exportRowCount(record), 'row'),
          },
          ...queryItems(view),
          ...targetItems(view),
          {
            label: 'Format',
            value: `${record.exportFormat.toUpperCase()}${record.compression === 'gzip' ? ', gzip' : ''}`,
          },
          { label: 'Export id', value: <code>{record.exportId}</code> },
        ]}
      />
    </Stack>
  );
}
