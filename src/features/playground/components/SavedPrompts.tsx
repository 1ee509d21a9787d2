import { Fragment, useState } from 'react';
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
import { plural } from '../../../lib/format';
import type { Draft } from '../lib/draft';
import {
  deletePrompt,
  readSavedPrompts,
  savePrompt,
  versionOf,
  type SavedPrompt,
} from '../lib/saved-prompts';

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
  const [open, setOpen] = useState<string>();
  const load = (prompt: SavedPrompt, version: number, draft: Draft) => {
    onLoad(draft);
    const which = version === versionOf(prompt) ? '' : `, version ${version},`;
    onNotice(`Prompt “${prompt.name}”${which} loaded into the editor`);
  };
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
          {saved.map((prompt) => {
            const version = versionOf(prompt);
            const showing = open === prompt.name;
            return (
              <Fragment key={prompt.name}>
                <ListItem
                  disablePadding
                  divider={!showing}
                  secondaryAction={
                    <>
                      {prompt.versions.length > 0 && (
                        <Button
                          size="small"
                          aria-expanded={showing}
                          onClick={() => setOpen(showing ? undefined : prompt.name)}
                          aria-label={`${showing ? 'Hide the versions' : plural(prompt.versions.length, 'earlier version')} of ${prompt.name}`}
                          sx={{ mr: 1 }}
                        >
                          {showing
                            ? 'Hide the versions'
                            : plural(prompt.versions.length, 'earlier version')}
                        </Button>
                      )}
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
                    </>
                  }
                >
                  <ListItemButton
                    onClick={() => load(prompt, version, prompt.draft)}
                    sx={{ pr: 20 }}
                  >
                    <ListItemText
                      primary={prompt.name}
                      secondary={
                        <>
                          Version {version} · <DateTime value={prompt.savedAt} />
                        </>
                      }
                    />
                  </ListItemButton>
                </ListItem>
                {showing && (
                  <ListItem divider sx={{ pl: 4, display: 'block' }}>
                    <List dense disablePadding aria-label={`Earlier versions of ${prompt.name}`}>
                      {prompt.versions.map((earlier, i) => {
                        const number = version - 1 - i;
                        return (
                          <ListItem
                            key={earlier.savedAt}
                            disablePadding
                            secondaryAction={
                              <Button
                                size="small"
                                onClick={() => load(prompt, number, earlier.draft)}
                                aria-label={`Load version ${number} of ${prompt.name}`}
                              >
                                Load
                              </Button>
                            }
                          >
                            <ListItemText
                              primary={`Version ${number}`}
                              secondary={<DateTime value={earlier.savedAt} />}
                            />
                          </ListItem>
                        );
                      })}
                    </List>
                  </ListItem>
                )}
              </Fragment>
            );
          })}
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
                  ? 'A saved prompt has this name: this becomes its new version, the earlier ones are kept'
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
