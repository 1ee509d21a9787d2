import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  GuardedCollectionAction,
  LoadingState,
} from '../../../../components';
import { useListController } from '../../../../hooks/use-list-controller';
import { useCollectionContext } from '../../hooks/use-collection-context';
import { DocumentDrawer } from '../components/DocumentDrawer';
import { DocumentsGrid } from '../components/DocumentsGrid';
import { DocumentsToolbar } from '../components/DocumentsToolbar';
import { ImportDialog } from '../components/ImportDialog';
import { QueryBar } from '../components/QueryBar';
import { documentColumns } from '../components/document-columns';
import { useCollectionDocuments } from '../hooks/use-collection-documents';
import { useDeleteSelected } from '../hooks/use-delete-selected';
import { useDocumentDrawer } from '../hooks/use-document-drawer';
import { useDocumentSelection } from '../hooks/use-document-selection';
import { useExportDocuments } from '../hooks/use-export-documents';
import { useImportDocuments } from '../hooks/use-import-documents';
import { useQueryLibrary } from '../hooks/use-query-library';
import { filterExamples } from '../lib/filter-examples';
import { documentListSpec, sortableFields, toListState } from '../lib/list-params';

/** The collection's documents: query bar, grid, drawer, import and export. */
export function DocumentsTab() {
  const { collection } = useCollectionContext();
  const list = useListController(documentListSpec);
  const state = toListState(list.params);
  const documents = useCollectionDocuments(collection, state);
  const library = useQueryLibrary(collection.id);
  const schema = collection.schema.columns;

  const listKey = JSON.stringify([state.filter, state.sort, state.page, state.pageSize]);
  const selection = useDocumentSelection(
    listKey,
    documents.rows.map((row) => row.id),
  );
  const deleteSelected = useDeleteSelected(collection.id, selection.ids, selection.clear);
  const exporter = useExportDocuments(collection, documents.filter, documents.orderby);
  const importer = useImportDocuments(collection.id);
  const [importing, setImporting] = useState(false);

  const drawer = useDocumentDrawer({
    collection,
    rows: documents.rows,
    address: {
      documentId: state.documentId,
      open: list.setters.doc,
      close: () => list.setters.doc(null),
    },
  });

  // By value: the collection is read again after each write, and the grid keeps its columns
  // (and the widths a person gave them) as long as the schema stays the same.
  const schemaKey = JSON.stringify(schema);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const columns = useMemo(() => documentColumns(schema), [schemaKey]);
  const examples = useMemo(
    () =>
      filterExamples(
        schema,
        documents.rows.map((row) => row.content),
      ),
    [schema, documents.rows],
  );

  const columnNames = useMemo(() => schema.map((column) => column.name), [schema]);
  const sortable = sortableFields(schema);
  const applyFilter = (filter: string) => {
    library.addRecent(filter);
    list.setters.filter(filter);
  };

  const { view } = documents;
  return (
    <Stack spacing={2}>
      <QueryBar
        applied={state.filter}
        onApply={applyFilter}
        refusal={view.kind === 'refused' ? view.error : null}
        examples={examples}
        library={library}
        columns={columnNames}
      />
      <DocumentsToolbar
        collectionId={collection.id}
        total={documents.total}
        filtered={documents.filtered}
        selected={selection.ids.length}
        canExport={view.kind === 'rows'}
        exporting={exporter.progress}
        onNew={drawer.newDocument}
        onImport={() => setImporting(true)}
        onExport={(format) => void exporter.exportAs(format)}
        onDeleteSelected={deleteSelected.ask}
        onRefresh={() => void documents.refetch()}
      />
      {view.kind === 'rows' ? (
        <DocumentsGrid
          key={collection.id}
          collectionId={collection.id}
          columns={columns}
          rows={documents.rows}
          total={documents.rowCount}
          loading={documents.fetching}
          // The grid shows the sort the platform applies: one by a field it sorts by.
          models={list.grid({
            toColumn: (field) => (sortable.has(field) ? field : undefined),
          })}
          selection={selection.ids}
          onSelectionChange={selection.select}
          onOpen={list.setters.doc}
        />
      ) : view.kind === 'loading' ? (
        <LoadingState rows={8} label="Loading documents" />
      ) : view.kind === 'error' ? (
        <ErrorState error={view.error} onRetry={() => void documents.refetch()} />
      ) : view.kind === 'empty' ? (
        <EmptyState
          title="No documents yet"
          description="Create one, or import a JSON or NDJSON file of documents."
          action={
            <Stack direction="row" spacing={1} sx={{ pt: 1 }}>
              <GuardedCollectionAction collectionId={collection.id} operation="createContent">
                <Button variant="contained" onClick={drawer.newDocument}>
                  Create a document
                </Button>
              </GuardedCollectionAction>
              <GuardedCollectionAction collectionId={collection.id} operation="createContent">
                <Button onClick={() => setImporting(true)}>Import a file</Button>
              </GuardedCollectionAction>
            </Stack>
          }
        />
      ) : (
        <EmptyState
          icon={
            view.kind === 'filtered-empty' ? (
              <SearchOffIcon fontSize="inherit" />
            ) : (
              <FilterAltOffOutlinedIcon fontSize="inherit" />
            )
          }
          title={
            view.kind === 'filtered-empty'
              ? 'No documents match this filter'
              : 'This filter cannot be run'
          }
          description={
            view.kind === 'filtered-empty'
              ? 'Change the filter, or clear it to see every document.'
              : view.kind === 'refused'
                ? 'The platform refused it: see the message under the filter.'
                : 'The filter in the address is not valid JSON: see the message under the filter.'
          }
          action={
            <Box sx={{ pt: 1 }}>
              <Button variant="outlined" onClick={() => applyFilter('')}>
                Clear filter
              </Button>
            </Box>
          }
        />
      )}
      <DocumentDrawer collection={collection} state={drawer} />
      <ImportDialog
        open={importing}
        state={importer.state}
        busy={importer.busy}
        onChoose={(file) => void importer.choose(file)}
        onImport={() => void importer.start()}
        onClose={() => {
          setImporting(false);
          importer.reset();
        }}
      />
      <ConfirmDialog
        {...deleteSelected.dialog}
        title={`Delete ${deleteSelected.count} document${deleteSelected.count === 1 ? '' : 's'}?`}
        confirmLabel="Delete"
        destructive
        errorTitle="Not deleted"
      >
        <Typography variant="body2">
          The selected documents of this page are deleted for good.
        </Typography>
      </ConfirmDialog>
    </Stack>
  );
}
