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
 * What the document drawer shows and does: which document (the address names it; a new one while
 * it is written, and one just created until the address names it), the document (the row on
 * screen fills in while it loads), editing its content (a full replace), creating and deleting.
 * Writes are pessimistic: the drawer changes when the platform has answered.
 */
export function useDocumentDrawer({
  collection,
  rows,
  address,
}: {
  collection: Collection;
  rows: DocumentV2[];
  /** The document the address names, and how to name another one or none. */
  address: { documentId: string | null; open: (id: string) => void; close: () => void };
}) {
  const [writingNew, setWritingNew] = useState(false);
  // A document just created, until the address names it: the drawer shows it without closing
  // in between (the address changes a render later than this state).
  const [createdId, setCreatedId] = useState<string | null>(null);
  if (createdId !== null && address.documentId === createdId) setCreatedId(null);
  const target: DrawerTarget | null =
    createdId !== null
      ? { kind: 'document', id: createdId }
      : writingNew
        ? { kind: 'new' }
        : address.documentId
          ? { kind: 'document', id: address.documentId }
          : null;
  const onCreated = (id: string) => {
    setCreatedId(id);
    setWritingNew(false);
    address.open(id);
  };
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
      address.close();
    },
  }));

  const resetWrites = () => {
    replace.reset();
    create.reset();
  };

  return {
    target,
    newDocument: () => {
      resetWrites();
      setWritingNew(true);
    },
    close: () => (writingNew ? setWritingNew(false) : address.close()),
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
