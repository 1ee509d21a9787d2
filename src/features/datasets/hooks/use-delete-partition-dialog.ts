import { useState } from 'react';
import type { Dataset, Partition } from '../../../api/contract';
import { useDeletePartition } from '../../../api/datasets';
import { useNotify } from '../../../components';
import { plural } from '../components/format';

/** Delete a partition and its rows, after a confirm that names it: it cannot be undone. */
export function useDeletePartitionDialog(dataset: Dataset) {
  const [target, setTarget] = useState<Partition | null>(null);
  const [open, setOpen] = useState(false);
  const remove = useDeletePartition();
  const notify = useNotify();

  return {
    open,
    target,
    ask: (partition: Partition) => {
      remove.reset();
      setTarget(partition);
      setOpen(true);
    },
    cancel: () => {
      if (!remove.isPending) setOpen(false);
    },
    confirm: () => {
      if (!target) return;
      remove.mutate(
        { datasetId: dataset.id, partitionId: target.partitionId },
        {
          onSuccess: () => {
            notify.success(
              `Partition ${target.partitionId} deleted: ${plural(target.rowCount, 'row')} removed`,
            );
            setOpen(false);
          },
        },
      );
    },
    deleting: remove.isPending,
    error: remove.error,
  };
}
