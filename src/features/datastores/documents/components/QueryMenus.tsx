import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import BookmarksOutlinedIcon from '@mui/icons-material/BookmarksOutlined';
import HistoryIcon from '@mui/icons-material/History';
import LightbulbOutlinedIcon from '@mui/icons-material/LightbulbOutlined';
import type { FilterExample } from '../lib/filter-examples';
import type { SavedQuery } from '../lib/query-library';
import { FilterCode } from './FilterCode';
import { MenuButton } from './MenuButton';

export function ExamplesMenu({
  examples,
  onPick,
}: {
  examples: FilterExample[];
  onPick: (filter: string) => void;
}) {
  return (
    <MenuButton label="Examples" startIcon={<LightbulbOutlinedIcon />}>
      {(close) =>
        examples.map((example) => (
          <MenuItem
            key={example.label}
            onClick={() => {
              close();
              onPick(example.filter);
            }}
          >
            <ListItemText
              primary={example.label}
              secondary={<FilterCode filter={example.filter} />}
              slotProps={{ secondary: { component: 'div' } }}
            />
          </MenuItem>
        ))
      }
    </MenuButton>
  );
}

export function RecentQueriesMenu({
  recent,
  onRun,
}: {
  recent: string[];
  onRun: (filter: string) => void;
}) {
  return (
    <MenuButton label="Recent" startIcon={<HistoryIcon />} disabled={recent.length === 0}>
      {(close) =>
        recent.map((filter) => (
          <MenuItem
            key={filter}
            onClick={() => {
              close();
              onRun(filter);
            }}
          >
            <FilterCode filter={filter} />
          </MenuItem>
        ))
      }
    </MenuButton>
  );
}

export function SavedQueriesMenu({
  saved,
  onRun,
  onManage,
}: {
  saved: SavedQuery[];
  onRun: (filter: string) => void;
  onManage: () => void;
}) {
  return (
    <MenuButton label="Saved" startIcon={<BookmarksOutlinedIcon />}>
      {(close) => [
        ...saved.map((query) => (
          <MenuItem
            key={query.name}
            onClick={() => {
              close();
              onRun(query.filter);
            }}
          >
            <ListItemText
              primary={query.name}
              secondary={<FilterCode filter={query.filter} />}
              slotProps={{ secondary: { component: 'div' } }}
            />
          </MenuItem>
        )),
        saved.length > 0 && <Divider key="divider" />,
        <MenuItem
          key="save"
          onClick={() => {
            close();
            onManage();
          }}
        >
          <ListItemIcon>
            <BookmarkAddOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Save this filter…" />
        </MenuItem>,
      ]}
    </MenuButton>
  );
}
