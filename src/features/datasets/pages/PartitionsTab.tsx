import { usePartitions } from '../../../api/datasets';
import { ConfirmDialog, EmptyState, PageState } from '../../../components';
import { plural } from '../components/format';
import { PartitionsTable } from '../components/PartitionsTable';
import { Section } from '../../../components/Section';
import { useDatasetContext } from '../hooks/use-dataset-context';
import { useDeletePartitionDialog } from '../hooks/use-delete-partition-dialog';

export function PartitionsTab() {
  const { dataset } = useDatasetContext();
  const partitions = usePartitions(dataset.id);
  const removal = useDeletePartitionDialog(dataset);
  const list = partitions.data;
  const target = removal.target;

  return (
    <Section
      title="Partitions"
      description={
        list && list.length > 0
          ? `${plural(list.length, 'partition')} holding ${plural(
              list.reduce((sum, p) => sum + p.rowCount, 0),
              'row',
            )}; the dataset has ${plural(dataset.rowCount, 'row')} in all.`
          : undefined
      }
    >
      <PageState
        query={partitions}
        loading={{ label: 'Loading partitions', rows: 3 }}
        empty={(found) =>
          found.length === 0 && (
            <EmptyState
              title="This dataset has no partitions"
              description="A stream that appends adds one partition per run; one that replaces keeps its rows unpartitioned."
            />
          )
        }
      >
        {(found) => (
          <PartitionsTable datasetId={dataset.id} partitions={found} onDelete={removal.ask} />
        )}
      </PageState>
      <ConfirmDialog
        {...removal.dialog}
        title={target ? `Delete partition ${target.partitionId}?` : ''}
        confirmLabel="Delete partition"
        destructive
        errorTitle="The partition was not deleted"
      >
        {target &&
          `This removes its ${plural(target.rowCount, 'row')} from “${dataset.name}”. It cannot be undone.`}
      </ConfirmDialog>
    </Section>
  );
}
