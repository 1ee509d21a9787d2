import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { FileMetadata } from '../../../api/contract/files';
import {
  DataTable,
  DateTime,
  UserName,
  type DataColumn,
  type DataTablePager,
} from '../../../components';
import { formatBytes } from '../../../lib/format';
import { dataFilePath } from '../../../lib/paths';
import { ScanStateChip } from './ScanStateChip';

export interface DataFilesTableProps {
  files: FileMetadata[];
  /** The page, its size and the sizes offered, and whether another follows. */
  pager: DataTablePager;
  /** Another page or search is loading; the current rows stay until it arrives. */
  updating: boolean;
}

const columns: DataColumn<FileMetadata>[] = [
  {
    key: 'name',
    header: 'Name',
    sx: { maxWidth: { xs: 200, sm: 420 } },
    cell: (file) => (
      <>
        <Link
          component={RouterLink}
          to={dataFilePath(file.dataFileId)}
          sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
        >
          {file.name}
        </Link>
        {file.description && (
          <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
            {file.description}
          </Typography>
        )}
      </>
    ),
  },
  {
    key: 'size',
    header: 'Size',
    align: 'right',
    nowrap: true,
    cell: (file) => (file.currentRevision ? formatBytes(file.currentRevision.sizeBytes) : '—'),
  },
  {
    key: 'type',
    header: 'Content type',
    cell: (file) => file.currentRevision?.contentType ?? '—',
  },
  {
    key: 'scan',
    header: 'Scan',
    cell: (file) =>
      file.currentRevision ? <ScanStateChip state={file.currentRevision.scanState} /> : '—',
  },
  {
    key: 'owner',
    header: 'Owner',
    cell: (file) => <UserName id={file.responsibleUserId} />,
  },
  {
    key: 'uploaded',
    header: 'Last upload',
    nowrap: true,
    cell: (file) => (
      <DateTime value={file.currentRevision?.datetimeUploaded ?? file.datetimeCreated} />
    ),
  },
];

export function DataFilesTable(props: DataFilesTableProps) {
  return (
    <DataTable
      label="Data files"
      columns={columns}
      rows={props.files}
      rowKey={(file) => String(file.dataFileId)}
      updating={props.updating}
      pager={{ ...props.pager, pageSizeLabel: 'Data files per page' }}
    />
  );
}
