import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { GuardedCollectionAction } from '../../../../components';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import FileUploadOutlinedIcon from '@mui/icons-material/FileUploadOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { ExportProgress } from '../hooks/use-export-documents';
import type { ExportFormat } from '../lib/export-format';
import { MenuButton } from './MenuButton';

export interface DocumentsToolbarProps {
  total: number | undefined;
  filtered: boolean;
  selected: number;
  canExport: boolean;
  exporting: ExportProgress;
  /** Actions the caller may not take are disabled with the permission they need. */
  collectionId: string;
  onNew: () => void;
  onImport: () => void;
  onExport: (format: ExportFormat) => void;
  onDeleteSelected: () => void;
  onRefresh: () => void;
}

const documents = (n: number) => `${n.toLocaleString()} document${n === 1 ? '' : 's'}`;

function summary(total: number | undefined, filtered: boolean) {
  if (total === undefined) return '';
  return filtered ? `${documents(total)} match the filter` : documents(total);
}

export function DocumentsToolbar({
  total,
  filtered,
  selected,
  canExport,
  exporting,
  collectionId,
  onNew,
  onImport,
  onExport,
  onDeleteSelected,
  onRefresh,
}: DocumentsToolbarProps) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, justifyContent: 'space-between' }}
    >
      <Typography variant="body2" role="status" sx={{ color: 'text.secondary', minHeight: 20 }}>
        {exporting
          ? `Exporting ${exporting.format.toUpperCase()}: ${documents(exporting.read)} read…`
          : summary(total, filtered)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {selected > 0 && (
          <GuardedCollectionAction collectionId={collectionId} operation="deleteContent">
            <Button
              color="error"
              variant="outlined"
              startIcon={<DeleteOutlineIcon />}
              onClick={onDeleteSelected}
            >
              Delete selected ({selected})
            </Button>
          </GuardedCollectionAction>
        )}
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh documents" onClick={onRefresh}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        <MenuButton
          label={exporting ? 'Exporting…' : 'Export'}
          startIcon={<FileDownloadOutlinedIcon />}
          disabled={!canExport || exporting !== null}
        >
          {(close) =>
            (['csv', 'json'] as const).map((format) => (
              <MenuItem
                key={format}
                onClick={() => {
                  close();
                  onExport(format);
                }}
              >
                <ListItemText
                  primary={`Export as ${format.toUpperCase()}`}
                  secondary={
                    format === 'csv'
                      ? 'Schema columns, id and timestamps'
                      : 'Whole documents; imports back'
                  }
                />
              </MenuItem>
            ))
          }
        </MenuButton>
        <GuardedCollectionAction collectionId={collectionId} operation="createContent">
          <Button startIcon={<FileUploadOutlinedIcon />} onClick={onImport}>
            Import
          </Button>
        </GuardedCollectionAction>
        <GuardedCollectionAction collectionId={collectionId} operation="createContent">
          <Button variant="contained" startIcon={<AddIcon />} onClick={onNew}>
            New document
          </Button>
        </GuardedCollectionAction>
      </Stack>
    </Stack>
  );
}
