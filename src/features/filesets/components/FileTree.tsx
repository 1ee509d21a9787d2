import { useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import type { FilesetFile } from '../../../api/contract';
import { formatBytes, plural } from '../../../lib/format';
import { countFiles, type TreeFolder } from '../lib/file-tree';

export interface FileTreeProps {
  root: TreeFolder<FilesetFile>;
  fileHref: (fileId: string) => string;
  selectedFileId?: string;
}

/**
 * Folders as buttons that expand (Enter, Space, or the right and left arrows), files as links that
 * open the file. Nested lists rather than an ARIA tree: every item is reachable with Tab.
 */
export function FileTree({ root, fileHref, selectedFileId }: FileTreeProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (path: string, expand = !open.has(path)) =>
    setOpen((all) => {
      const next = new Set(all);
      if (expand) next.add(path);
      else next.delete(path);
      return next;
    });
  return (
    <FolderItems
      folder={root}
      depth={0}
      open={open}
      toggle={toggle}
      fileHref={fileHref}
      selectedFileId={selectedFileId}
      label="Files"
    />
  );
}

interface FolderItemsProps {
  folder: TreeFolder<FilesetFile>;
  depth: number;
  open: ReadonlySet<string>;
  toggle: (path: string, expand?: boolean) => void;
  fileHref: (fileId: string) => string;
  selectedFileId?: string;
  label: string;
}

function FolderItems({
  folder,
  depth,
  open,
  toggle,
  fileHref,
  selectedFileId,
  label,
}: FolderItemsProps) {
  const indent = { pl: 1 + depth * 2 };
  return (
    <List dense disablePadding aria-label={label}>
      {folder.folders.map((child) => {
        const expanded = open.has(child.path);
        const onKeyDown = (event: KeyboardEvent) => {
          if (event.key === 'ArrowRight') toggle(child.path, true);
          if (event.key === 'ArrowLeft') toggle(child.path, false);
        };
        return (
          <ListItem key={child.path} disablePadding sx={{ display: 'block' }}>
            <ListItemButton
              aria-expanded={expanded}
              onClick={() => toggle(child.path)}
              onKeyDown={onKeyDown}
              sx={indent}
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                <FolderOutlinedIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText
                primary={child.name}
                secondary={plural(countFiles(child), 'file')}
                slotProps={{ secondary: { variant: 'caption' } }}
              />
              {expanded ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
            </ListItemButton>
            <Collapse in={expanded} timeout="auto" unmountOnExit>
              <FolderItems
                folder={child}
                depth={depth + 1}
                open={open}
                toggle={toggle}
                fileHref={fileHref}
                selectedFileId={selectedFileId}
                label={`Files in ${child.path}`}
              />
            </Collapse>
          </ListItem>
        );
      })}
      {folder.files.map((file) => (
        <ListItem key={file.id} disablePadding>
          <ListItemButton
            component={RouterLink}
            to={fileHref(file.id)}
            selected={file.id === selectedFileId}
            sx={indent}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              <InsertDriveFileOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={file.name}
              secondary={formatBytes(file.size)}
              slotProps={{
                primary: { sx: { overflowWrap: 'anywhere' } },
                secondary: { variant: 'caption' },
              }}
            />
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
