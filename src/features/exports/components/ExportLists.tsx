import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatDuration, formatDateTime, toDate } from '../../../lib/format';
import type { DatasetExport } from '../lib/overview';
import { exportDuration } from '../lib/records';
import { datasetTabPath, exportPath } from '../../../lib/paths';

export const DatasetLink = ({ dataset }: { dataset: DatasetExport['dataset'] }) => (
  <Link component={RouterLink} to={datasetTabPath(dataset.id, 'exports')}>
    {dataset.name}
  </Link>
);

const when = (iso: string | null) => {
  const date = toDate(iso);
  return date ? formatDateTime(date) : '—';
};

/** Exports, each a link to its page with a line under it; `empty` says why there is none. */
function ExportList({
  label,
  exports,
  empty,
  title,
  detail,
  oneLine = false,
}: {
  label: string;
  exports: DatasetExport[];
  empty: string;
  title: (item: DatasetExport) => ReactNode;
  detail: (item: DatasetExport) => string;
  /** The detail is cut to one line (the export's page has it in full). */
  oneLine?: boolean;
}) {
  if (exports.length === 0)
    return <Typography sx={{ color: 'text.secondary' }}>{empty}</Typography>;
  return (
    <List dense disablePadding aria-label={label}>
      {exports.map((item) => (
        <ListItem
          key={item.record.exportId}
          disableGutters
          alignItems={oneLine ? 'flex-start' : undefined}
        >
          <ListItemText
            primary={
              <Link component={RouterLink} to={exportPath(item.dataset.id, item.record.exportId)}>
                {title(item)}
              </Link>
            }
            secondary={detail(item)}
            slotProps={
              oneLine
                ? {
                    secondary: {
                      sx: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
                    },
                  }
                : undefined
            }
          />
        </ListItem>
      ))}
    </List>
  );
}

/** Running exports with the time they have taken so far. */
export function RunningExports({ exports, now }: { exports: DatasetExport[]; now: number }) {
  return (
    <ExportList
      label="Running exports"
      exports={exports}
      empty="Nothing is running."
      title={({ dataset }) => dataset.name}
      detail={({ record }) =>
        `Running for ${formatDuration(exportDuration(record, now) ?? 0)}, to ${record.bucket} · started ${when(record.started)}`
      }
    />
  );
}

/**
 * The latest failures with the platform's code and reason (one line: the export's page, which
 * each item links to, has it in full).
 */
export function RecentFailures({ exports }: { exports: DatasetExport[] }) {
  return (
    <ExportList
      label="Recent failures"
      exports={exports}
      empty="No failure in this period."
      title={({ dataset, record }) =>
        `${dataset.name} · ${when(record.finished ?? record.started)}`
      }
      detail={({ record }) =>
        [record.errorCode, record.message].filter(Boolean).join(': ') || 'No reason given'
      }
      oneLine
    />
  );
}
