import { useBulkDeleteDocuments } from '../../../../api/datastores';
import { useNotify } from '../../../../components';
import { useConfirmMutation } from '../../../../hooks/use-confirm-mutation';

/** "Delete selected": confirm first (the dialog states the count), then bulk delete. */
export function useDeleteSelected(collectionId: string, selected: string[], onDone: () => void) {
  const notify = useNotify();
  // The ids asked about stay while the dialog closes (the selection empties on success).
  const deletion = useConfirmMutation(useBulkDeleteDocuments(), (documentIds: string[]) => ({
    variables: { collectionId, documentIds },
    onSuccess: ({ Deleted }) => {
      onDone();
      notify.success(`Deleted ${Deleted.toLocaleString()} document${Deleted === 1 ? '' : 's'}`);
    },
  }));
  return {
    count: deletion.target?.length ?? 0,
    ask: () => deletion.ask(selected),
    dialog: deletion.dialog,
  };
}
