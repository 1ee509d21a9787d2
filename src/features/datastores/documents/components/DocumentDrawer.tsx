import { useId, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { Collection, DocumentV2 } from '../../../../api/contract';
import {
  ConfirmDialog,
  CopyButton,
  GuardedCollectionAction,
  DateTime,
  DefinitionList,
  ErrorState,
  JsonView,
  LoadingState,
  DrawerHeader,
  SideDrawer,
} from '../../../../components';
import type { DocumentDrawerState, DrawerTarget } from '../hooks/use-document-drawer';
import { ContentEditor } from './ContentEditor';
import { UserName } from '../../../../components/UserName';

export interface DocumentDrawerProps {
  collection: Collection;
  state: DocumentDrawerState;
}

const sameTarget = (a: DrawerTarget, b: DrawerTarget | null) =>
  a.kind === b?.kind && (a.kind === 'new' || (b.kind === 'document' && a.id === b.id));

const monospace = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

function DocumentFields({ document }: { document: DocumentV2 }) {
  return (
    <DefinitionList
      items={[
        { label: 'Owner', value: <UserName id={document.owner} /> },
        { label: 'Created', value: <DateTime value={document.createdOn} /> },
        { label: 'Created by', value: <UserName id={document.createdBy} /> },
        { label: 'Updated', value: <DateTime value={document.updatedOn} /> },
        { label: 'Updated by', value: <UserName id={document.updatedBy} /> },
        { label: 'Sync required', value: document.syncRequired ? 'Yes' : 'No' },
      ]}
    />
  );
}

function ExistingDocument({
  collection,
  documentId,
  state,
  closing,
}: {
  collection: Collection;
  documentId: string;
  state: DocumentDrawerState;
  /** The drawer slides out: it keeps showing the document, not a skeleton. */
  closing: boolean;
}) {
  const [kept, setKept] = useState(state.document.data);
  if (state.document.data && state.document.data !== kept) setKept(state.document.data);
  const document = closing && kept ? { ...state.document, data: kept } : state.document;
  // Leaving the editor (saved or cancelled) puts focus back on "Edit content", not on nothing.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(state.isEditing);
  useLayoutEffect(() => {
    if (wasEditing.current && !state.isEditing) editButton.current?.focus();
    wasEditing.current = state.isEditing;
  }, [state.isEditing]);
  // A document just created replaces the editor that had focus: focus lands here, in the drawer.
  const loaded = document.data !== undefined;
  useLayoutEffect(() => {
    if (loaded && window.document.activeElement === window.document.body)
      editButton.current?.focus();
  }, [loaded]);

  if (!document.data) {
    return document.isError ? (
      <ErrorState error={document.error} onRetry={() => void document.refetch()} />
    ) : (
      <LoadingState variant="details" rows={6} label="Loading document" />
    );
  }
  const doc = document.data;
  return (
    <Stack spacing={2.5}>
      {state.isEditing ? (
        <ContentEditor
          key={documentId}
          initialText={JSON.stringify(doc.content, null, 2)}
          saved={doc.content}
          columns={collection.schema.columns}
          submitLabel="Save"
          pending={state.saving}
          error={state.saveError}
          onSubmit={state.save}
          onCancel={state.stopEditing}
        />
      ) : (
        <>
          <Stack direction="row" spacing={1}>
            <GuardedCollectionAction collectionId={collection.id} operation="updateContent">
              <Button
                ref={editButton}
                variant="contained"
                startIcon={<EditOutlinedIcon />}
                onClick={state.startEditing}
              >
                Edit content
              </Button>
            </GuardedCollectionAction>
            <GuardedCollectionAction collectionId={collection.id} operation="deleteContent">
              <Button color="error" startIcon={<DeleteOutlineIcon />} onClick={state.askToDelete}>
                Delete
              </Button>
            </GuardedCollectionAction>
          </Stack>
          <DocumentFields document={doc} />
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              Document as JSON
            </Typography>
            <JsonView value={doc} label="Document as JSON" maxHeight={520} />
          </Box>
        </>
      )}
      <ConfirmDialog
        {...state.deleteDialog}
        title="Delete this document?"
        confirmLabel="Delete"
        destructive
        errorTitle="Not deleted"
      >
        <Typography variant="body2">
          Document <code>{documentId}</code> is deleted for good.
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}

/**
 * A document beside the list: its fields, its JSON, and its content's editor; or the editor of
 * a new document. Escape closes it and focus returns to where it was.
 */
export function DocumentDrawer({ collection, state }: DocumentDrawerProps) {
  const { target, close: onClose } = state;
  const titleId = useId();
  // Kept while the drawer slides out, so that it does not empty itself on the way.
  const [shown, setShown] = useState(target);
  if (target !== null && !sameTarget(target, shown)) setShown(target);
  const current = target ?? shown;

  return (
    <SideDrawer
      open={target !== null}
      onClose={onClose}
      labelledBy={titleId}
      paperSx={{ width: { xs: '100%', sm: 560, md: 680 }, p: { xs: 2, sm: 3 } }}
    >
      <DrawerHeader closeLabel="Close document" onClose={onClose}>
        <Typography variant="h2" id={titleId}>
          {current?.kind === 'new' ? 'New document' : 'Document'}
        </Typography>
        {current?.kind === 'document' && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Typography
              component="code"
              variant="body2"
              sx={{ fontFamily: monospace, color: 'text.secondary', overflowWrap: 'anywhere' }}
            >
              {current.id}
            </Typography>
            <CopyButton value={current.id} label="Copy document id" />
          </Stack>
        )}
      </DrawerHeader>
      <Divider sx={{ mb: 2.5 }} />
      {current?.kind === 'document' && (
        <ExistingDocument
          collection={collection}
          documentId={current.id}
          state={state}
          closing={target === null}
        />
      )}
      {current?.kind === 'new' && (
        <ContentEditor
          initialText={'{\n  \n}'}
          columns={collection.schema.columns}
          submitLabel="Create"
          pending={state.creating}
          error={state.createError}
          onSubmit={state.create}
          onCancel={onClose}
        />
      )}
    </SideDrawer>
  );
}
