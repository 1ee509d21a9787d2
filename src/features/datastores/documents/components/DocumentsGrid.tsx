import { useState } from 'react';
import {
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridCellParams,
  type GridColDef,
  type GridColumnVisibilityModel,
} from '@mui/x-data-grid';
import { ServerDataGrid } from '../../../../components/ServerDataGrid';
import type { DocumentV2 } from '../../../../api/contract';
import { FillHeight } from '../../../../components';
import type { ListGridProps } from '../../../../hooks/use-list-controller';

export interface DocumentsGridProps {
  /** Whose column choices (hidden columns) are remembered in this browser. */
  collectionId: string;
  columns: GridColDef<DocumentV2>[];
  rows: DocumentV2[];
  /** Undefined while the count loads: the pager then only knows whether a next page exists. */
  total: number | undefined;
  loading: boolean;
  /** The list's page and sort (the sort the platform applies): `useListController`'s `grid()`. */
  models: ListGridProps;
  selection: string[];
  onSelectionChange: (ids: string[]) => void;
  onOpen: (documentId: string) => void;
}

const isInteractive = (target: EventTarget | null) =>
  target instanceof Element && target.closest('a, button, input') !== null;

/**
 * The documents of one page, paged, sorted and filtered by the platform. A click or Enter on a
 * row opens the document; the checkboxes select rows of this page.
 */
export function DocumentsGrid({
  collectionId,
  columns,
  rows,
  total,
  loading,
  models,
  selection,
  onSelectionChange,
  onOpen,
}: DocumentsGridProps) {
  const [visibility, setVisibility] = useColumnVisibility(collectionId);
  const opensDocument = (cell: GridCellParams, target: EventTarget | null) =>
    cell.field !== GRID_CHECKBOX_SELECTION_COL_DEF.field && !isInteractive(target);

  return (
    <FillHeight min={220}>
      <ServerDataGrid
        {...models}
        selection={selection}
        label="Documents"
        rows={rows}
        columns={columns}
        rowCount={total ?? -1}
        paginationMeta={
          total === undefined
            ? { hasNextPage: rows.length === models.paginationModel.pageSize }
            : undefined
        }
        columnVisibilityModel={visibility}
        onColumnVisibilityModelChange={setVisibility}
        checkboxSelection
        disableRowSelectionExcludeModel
        onRowSelectionModelChange={(model) => onSelectionChange([...model.ids].map(String))}
        loading={loading}
        onCellClick={(params, event) => {
          if (opensDocument(params, event.target)) onOpen(String(params.id));
        }}
        onCellKeyDown={(params, event) => {
          if (event.key === 'Enter' && opensDocument(params, event.target)) {
            event.preventDefault();
            onOpen(String(params.id));
          }
        }}
        sx={{
          '& .MuiDataGrid-row': { cursor: 'pointer' },
          '& .documents-number': { fontVariantNumeric: 'tabular-nums' },
        }}
      />
    </FillHeight>
  );
}

const visibilityKey = (collectionId: string) => `documents-columns:${collectionId}`;

/** Hidden columns, remembered per collection in this browser (names of columns only). */
function useColumnVisibility(collectionId: string) {
  const [model, setModel] = useState<GridColumnVisibilityModel>(() => {
    try {
      const stored: unknown = JSON.parse(localStorage.getItem(visibilityKey(collectionId)) ?? '{}');
      return stored && typeof stored === 'object' ? (stored as GridColumnVisibilityModel) : {};
    } catch {
      return {};
    }
  });
  const change = (next: GridColumnVisibilityModel) => {
    setModel(next);
    try {
      localStorage.setItem(visibilityKey(collectionId), JSON.stringify(next));
    } catch {
      // storage full or denied: the choice holds for this visit only
    }
  };
  return [model, change] as const;
}
