import type { Dataset, Partition } from '../../../api/contract';
import { useDeletePartition } from '../../../api/datasets';
import { useNotify } from '../../../components';
import { useConfirmMutation } from '../../../hooks/use-confirm-mutation';
import { plural } from '../components/format';

/** Delete a partition and its rows, after a confirm that names it: it cannot be undone. */
export function useDeletePartitionDialog(dataset: Dataset) {
  const notify = useNotify();
  return useConfirmMutation(useDeletePartition(), (target: Partition) => ({
    variables: { datasetId: dataset.id, partitionId: target.partitionId },
    onSuccess: () =>
      notify.success(
        `Partition ${target.partitionId} deleted: ${plural(target.rowCount, 'row')} removed`,
      ),
  }));
}
