import IconButton from '@mui/material/IconButton';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import type { Partition } from '../../../api/contract';
import { DataTable, DateTime, GuardedAction, type DataColumn } from '../../../components';
import { formatCount } from './format';
import { IdText } from './IdText';

export function PartitionsTable({
  datasetId,
  partitions,
  onDelete,
}: {
  datasetId: string;
  partitions: Partition[];
  onDelete: (partition: Partition) => void;
}) {
  const columns: DataColumn<Partition>[] = [
    {
      key: 'partition',
      header: 'Partition',
      cell: (partition) => <IdText value={partition.partitionId} />,
    },
    {
      key: 'rows',
      header: 'Rows',
      align: 'right',
      cell: (partition) => formatCount(partition.rowCount),
    },
    {
      key: 'created',
      header: 'Created',
      nowrap: true,
      cell: (partition) => <DateTime value={partition.createdAt} />,
    },
    {
      key: 'version',
      header: 'Data version',
      align: 'right',
      cell: (partition) => partition.dataVersion,
    },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      sx: { py: 0 },
      cell: (partition) => (
        <GuardedAction datasetId={datasetId} operation="edit" title="Delete partition">
          <IconButton
            size="small"
            aria-label={`Delete partition ${partition.partitionId}`}
            onClick={() => onDelete(partition)}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </GuardedAction>
      ),
    },
  ];
  return (
    <DataTable
      label="Partitions"
      columns={columns}
      rows={partitions}
      rowKey={(partition) => partition.partitionId}
    />
  );
}
