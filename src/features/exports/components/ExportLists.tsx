import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDuration, formatDateTime, toDate } from '../../../lib/format';
import type { DatasetExport } from '../lib/overview';
import { exportDuration } from '../lib/records';
import { datasetExportsPath, exportPath } from '../paths';

export const DatasetLink = ({ dataset }: { dataset: DatasetExport['dataset'] }) => (
  <Link component={RouterLink} to={datasetExportsPath(dataset.id)} underline="always">
    {dataset.name}
  </Link>
);

const when = (iso: string | null) => {
  const date = toDate(iso);
  return date ? formatDateTime(date) : '—';
};

/** Running exports with the time they have taken so far. */
export function RunningExports({ exports, now }: { exports: DatasetExport[]; now: number }) {
  if (exports.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>Nothing is running.</Typography>;
  return (
    <List dense disablePadding aria-label="Running exports">
      {exports.map(({ dataset, record }) => (
        <ListItem key={record.exportId} disableGutters>
          <ListItemText
            primary={
              <Link
                component={RouterLink}
                to={exportPath(dataset.id, record.exportId)}
                underline="always"
              >
                {dataset.name}
              </Link>
            }
            secondary={`Running for ${formatDuration(exportDuration(record, now) ?? 0)}, to ${record.bucket} · started ${when(record.started)}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * The latest failures with the platform's code and reason (one line: the export's page, which
 * each item links to, has it in full).
 */
export function RecentFailures({ exports }: { exports: DatasetExport[] }) {
  if (exports.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>No failure in this period.</Typography>;
  return (
    <List dense disablePadding aria-label="Recent failures">
      {exports.map(({ dataset, record }) => (
        <ListItem key={record.exportId} disableGutters alignItems="flex-start">
          <ListItemText
            primary={
              <Link
                component={RouterLink}
                to={exportPath(dataset.id, record.exportId)}
                underline="always"
              >
                {dataset.name} · {when(record.finished ?? record.started)}
              </Link>
            }
            secondary={
              [record.errorCode, record.message].filter(Boolean).join(': ') || 'No reason given'
            }
            slotProps={{
              secondary: {
                sx: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
              },
            }}
          />
        </ListItem>
      ))}
    </List>
  );
}
