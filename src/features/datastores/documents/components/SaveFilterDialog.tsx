import { useId, useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import type { SavedQuery } from '../lib/query-library';
import { FilterCode } from './FilterCode';

export interface SaveFilterDialogProps {
  open: boolean;
  /** The filter to save, or null when the editor holds no valid filter. */
  filter: string | null;
  saved: SavedQuery[];
  onSave: (name: string, filter: string) => void;
  onRemove: (name: string) => void;
  onClose: () => void;
}

/** Name the current filter, and forget saved ones. */
export function SaveFilterDialog(props: SaveFilterDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      {props.open && <SaveFilterForm {...props} titleId={titleId} />}
    </Dialog>
  );
}

function SaveFilterForm({
  filter,
  saved,
  onSave,
  onRemove,
  onClose,
  titleId,
}: SaveFilterDialogProps & { titleId: string }) {
  const [name, setName] = useState('');
  const listId = useId();
  const trimmed = name.trim();
  const replaces = saved.some((s) => s.name === trimmed);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (filter === null || trimmed === '') return;
    onSave(trimmed, filter);
    onClose();
  };

  return (
    <form onSubmit={submit} noValidate>
      <DialogTitle id={titleId}>Save filter</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {filter === null ? (
            <Typography variant="body2" color="error">
              Write a valid filter first: an empty filter matches every document.
            </Typography>
          ) : (
            <FilterCode filter={filter} />
          )}
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoFocus
            disabled={filter === null}
            helperText={replaces ? 'Replaces the saved filter of this name.' : ' '}
            slotProps={{ htmlInput: { maxLength: 80 } }}
          />
          {saved.length > 0 && (
            <>
              <Typography variant="subtitle2" id={listId}>
                Saved filters
              </Typography>
              <List dense aria-labelledby={listId} disablePadding>
                {saved.map((query) => (
                  <ListItem
                    key={query.name}
                    disableGutters
                    secondaryAction={
                      <IconButton
                        edge="end"
                        aria-label={`Remove saved filter ${query.name}`}
                        onClick={() => onRemove(query.name)}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    }
                  >
                    <ListItemText
                      primary={query.name}
                      secondary={<FilterCode filter={query.filter} />}
                      slotProps={{ secondary: { component: 'div' } }}
                      sx={{ pr: 4 }}
                    />
                  </ListItem>
                ))}
              </List>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={filter === null || trimmed === ''}>
          Save
        </Button>
      </DialogActions>
    </form>
  );
}
