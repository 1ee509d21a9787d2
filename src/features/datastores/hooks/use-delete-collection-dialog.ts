import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Collection } from '../../../api/contract';
import { datastoreKeys, useDeleteCollection } from '../../../api/datastores';
import { useNotify } from '../../../components';
import { datastorePath } from '../../../lib/paths';

/**
 * Deleting a collection cannot be undone: the dialog asks for its exact name first, then the
 * console leaves for the datastore's page and forgets the collection.
 */
export function useDeleteCollectionDialog(collection: Collection, beforeLeaving?: () => void) {
  const [open, setOpen] = useState(false);
  const [typedName, setTypedName] = useState('');
  const remove = useDeleteCollection();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const confirmed = typedName === collection.name;

  const leave = async () => {
    beforeLeaving?.();
    await navigate(datastorePath(collection.datastoreId));
    // Only now that its page is gone: a mounted page would fetch it again, and get a 404.
    queryClient.removeQueries({ queryKey: datastoreKeys.collection(collection.id) });
    notify.success(`Collection ${collection.name} deleted`);
  };

  const confirm = () => {
    if (confirmed)
      remove.mutate({ collectionId: collection.id }, { onSuccess: () => void leave() });
  };

  return {
    open,
    openDialog: () => {
      setTypedName('');
      remove.reset();
      setOpen(true);
    },
    close: () => {
      if (!remove.isPending) setOpen(false);
    },
    name: collection.name,
    typedName,
    setTypedName,
    confirmed,
    confirm,
    deleting: remove.isPending,
    error: remove.error,
  };
}

export type DeleteCollectionDialogState = ReturnType<typeof useDeleteCollectionDialog>;
