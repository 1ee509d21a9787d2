import { useMemo, useState } from 'react';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  type GridCellParams,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import type { DocumentV2 } from '../../../../api/contract';
import { FillHeight } from '../../../../components';
import { PAGE_SIZES, type DocumentSort, type PageSize } from '../lib/list-params';

export interface DocumentsGridProps {
  /** Whose column choices (hidden columns) are remembered in this browser. */
  collectionId: string;
  columns: GridColDef<DocumentV2>[];
  rows: DocumentV2[];
  /** Undefined while the count loads: the pager then only knows whether a next page exists. */
  total: number | undefined;
  loading: boolean;
  page: number;
  pageSize: PageSize;
  sort: DocumentSort | null;
  selection: string[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: PageSize) => void;
  onSortChange: (sort: DocumentSort | null) => void;
  onSelectionChange: (ids: string[]) => void;
  onOpen: (documentId: string) => void;
}

const isInteractive = (target: EventTarget | null) =>
  target instanceof Element && target.closest('a, button, input') !== null;

const isPageSize = (n: number): n is PageSize => (PAGE_SIZES as readonly number[]).includes(n);

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
  page,
  pageSize,
  sort,
  selection,
  onPageChange,
  onPageSizeChange,
  onSortChange,
  onSelectionChange,
  onOpen,
}: DocumentsGridProps) {
  // Kept by value: a new sort model, even an equal one, sends the grid back to its first page.
  const sortField = sort?.field;
  const sortDirection = sort?.direction;
  const sortModel: GridSortModel = useMemo(
    () => (sortField && sortDirection ? [{ field: sortField, sort: sortDirection }] : []),
    [sortField, sortDirection],
  );
  const selectionModel: GridRowSelectionModel = useMemo(
    () => ({ type: 'include', ids: new Set(selection) }),
    [selection],
  );
  const paginationModel = useMemo(() => ({ page, pageSize }), [page, pageSize]);
  const [visibility, setVisibility] = useColumnVisibility(collectionId);

  const changePagination = (model: GridPaginationModel) => {
    if (model.pageSize !== pageSize && isPageSize(model.pageSize)) onPageSizeChange(model.pageSize);
    else if (model.page !== page) onPageChange(model.page);
  };
  const changeSort = (model: GridSortModel) => {
    const first = model[0];
    const next: DocumentSort | null = first?.sort
      ? { field: first.field, direction: first.sort }
      : null;
    if (next?.field !== sort?.field || next?.direction !== sort?.direction) onSortChange(next);
  };
  const opensDocument = (params: GridCellParams, target: EventTarget | null) =>
    params.field !== GRID_CHECKBOX_SELECTION_COL_DEF.field && !isInteractive(target);

  return (
    <FillHeight min={220}>
      <DataGrid
        label="Documents"
        rows={rows}
        columns={columns}
        density="compact"
        pagination
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        disableColumnFilter
        rowCount={total ?? -1}
        paginationMeta={total === undefined ? { hasNextPage: rows.length === pageSize } : undefined}
        pageSizeOptions={PAGE_SIZES}
        paginationModel={paginationModel}
        onPaginationModelChange={changePagination}
        sortModel={sortModel}
        onSortModelChange={changeSort}
        sortingOrder={['asc', 'desc', null]}
        columnVisibilityModel={visibility}
        onColumnVisibilityModelChange={setVisibility}
        checkboxSelection
        disableRowSelectionOnClick
        disableRowSelectionExcludeModel
        rowSelectionModel={selectionModel}
        onRowSelectionModelChange={(model) => onSelectionChange([...model.ids].map(String))}
        loading={loading}
        slotProps={{ loadingOverlay: { variant: 'linear-progress', noRowsVariant: 'skeleton' } }}
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
          '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
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
