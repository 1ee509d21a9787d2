import { useState } from 'react';
import type { Collection, DocumentV2, JsonObject } from '../../../../api/contract';
import {
  useCreateDocument,
  useDeleteDocument,
  useDocument,
  useReplaceDocument,
} from '../../../../api/datastores';
import { useNotify } from '../../../../components';
import { useConfirmMutation } from '../../../../hooks/use-confirm-mutation';

export type DrawerTarget = { kind: 'document'; id: string } | { kind: 'new' };

/**
 * What the document drawer shows and does: the document (the row on screen fills in while it
 * loads), editing its content (a full replace), creating and deleting. Writes are pessimistic:
 * the drawer changes when the platform has answered.
 */
export function useDocumentDrawer({
  collection,
  target,
  rows,
  onCreated,
  onDeleted,
}: {
  collection: Collection;
  target: DrawerTarget | null;
  rows: DocumentV2[];
  onCreated: (documentId: string) => void;
  onDeleted: () => void;
}) {
  const notify = useNotify();
  const documentId = target?.kind === 'document' ? target.id : null;
  const shown = rows.find((row) => row.id === documentId);
  const document = useDocument(collection.id, documentId, shown);
  const replace = useReplaceDocument();
  const create = useCreateDocument();

  // Editing belongs to one document: another one (or none) starts in view.
  const [editing, setEditing] = useState<string | null>(null);
  const isEditing = documentId !== null && editing === documentId;
  const deletion = useConfirmMutation(useDeleteDocument(), (id: string) => ({
    variables: { collectionId: collection.id, documentId: id },
    onSuccess: () => {
      notify.success('Document deleted');
      onDeleted();
    },
  }));

  const resetWrites = () => {
    replace.reset();
    create.reset();
  };

  return {
    document,
    isEditing,
    startEditing: () => {
      resetWrites();
      setEditing(documentId);
    },
    stopEditing: () => setEditing(null),
    save: (content: JsonObject) => {
      if (documentId === null) return;
      replace.mutate(
        { collectionId: collection.id, documentId, content },
        {
          onSuccess: () => {
            setEditing(null);
            notify.success('Document saved');
          },
        },
      );
    },
    saving: replace.isPending,
    saveError: replace.error,
    create: (content: JsonObject) =>
      create.mutate(
        { collectionId: collection.id, content },
        {
          onSuccess: (created) => {
            notify.success('Document created');
            onCreated(created.id);
          },
        },
      ),
    creating: create.isPending,
    createError: create.error,
    resetWrites,
    askToDelete: () => {
      if (documentId !== null) deletion.ask(documentId);
    },
    deleteDialog: deletion.dialog,
  };
}

export type DocumentDrawerState = ReturnType<typeof useDocumentDrawer>;
