import { useState } from 'react';
import { useBulkDeleteDocuments } from '../../../../api/datastores';
import { useNotify } from '../../../../components';

/** "Delete selected": confirm first (the dialog states the count), then bulk delete. */
export function useDeleteSelected(collectionId: string, selected: string[], onDone: () => void) {
  const notify = useNotify();
  const remove = useBulkDeleteDocuments();
  // The count the dialog states stays while it closes (the selection empties on success).
  const [dialog, setDialog] = useState({ open: false, count: 0 });
  const close = () => setDialog((d) => ({ ...d, open: false }));
  return {
    confirming: dialog.open,
    count: dialog.count,
    ask: () => {
      remove.reset();
      setDialog({ open: true, count: selected.length });
    },
    cancel: close,
    confirm: () =>
      remove.mutate(
        { collectionId, documentIds: selected },
        {
          onSuccess: ({ Deleted }) => {
            close();
            onDone();
            notify.success(
              `Deleted ${Deleted.toLocaleString()} document${Deleted === 1 ? '' : 's'}`,
            );
          },
        },
      ),
    pending: remove.isPending,
    error: remove.error,
  };
}
