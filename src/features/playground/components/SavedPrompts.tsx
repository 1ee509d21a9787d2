import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { DateTime } from '../../../components/DateTime';
import { EmptyState } from '../../../components/EmptyState';
import type { Draft } from '../lib/draft';
import { deletePrompt, readSavedPrompts, savePrompt, type SavedPrompt } from '../lib/saved-prompts';

export interface SavedPromptsProps {
  draft: Draft;
  onLoad: (draft: Draft) => void;
  /** Says what happened, on this screen. */
  onNotice: (message: string) => void;
}

/** Prompts kept in this browser: template, parameters and settings, never a secret. */
export function SavedPrompts({ draft, onLoad, onNotice }: SavedPromptsProps) {
  const [saved, setSaved] = useState<SavedPrompt[]>(() => readSavedPrompts());
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const trimmed = name.trim();

  const save = () => {
    if (!trimmed) return;
    setSaved(savePrompt(trimmed, draft));
    setNaming(false);
    onNotice(`Prompt “${trimmed}” saved in this browser`);
  };

  return (
    <Stack spacing={2}>
      <Button sx={{ alignSelf: 'flex-start' }} onClick={() => setNaming(true)}>
        Save the current prompt
      </Button>
      {saved.length === 0 ? (
        <EmptyState
          title="No saved prompt"
          description="Save a prompt to keep its template, parameters and settings in this browser."
        />
      ) : (
        <List dense disablePadding>
          {saved.map((prompt) => (
            <ListItem
              key={prompt.name}
              disablePadding
              divider
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Delete the saved prompt ${prompt.name}`}
                  onClick={() => {
                    setSaved(deletePrompt(prompt.name));
                    onNotice(`Prompt “${prompt.name}” deleted`);
                  }}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              }
            >
              <ListItemButton
                onClick={() => {
                  onLoad(prompt.draft);
                  onNotice(`Prompt “${prompt.name}” loaded into the editor`);
                }}
              >
                <ListItemText
                  primary={prompt.name}
                  secondary={<DateTime value={prompt.savedAt} />}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <Dialog open={naming} onClose={() => setNaming(false)} fullWidth maxWidth="xs">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <DialogTitle>Save the prompt</DialogTitle>
          <DialogContent>
            <TextField
              autoFocus
              margin="dense"
              label="Name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              fullWidth
              helperText={
                saved.some((p) => p.name === trimmed)
                  ? 'A saved prompt has this name: it will be replaced'
                  : 'Kept in this browser only'
              }
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setNaming(false)}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!trimmed}>
              Save
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}
