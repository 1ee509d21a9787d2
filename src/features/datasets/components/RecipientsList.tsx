import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { LoadingText } from '../../../components/LoadingState';
import type { RecipientGroup } from '../hooks/use-share-recipients';
import { plural } from './format';

function heading(section: RecipientGroup) {
  if (!section.group) return 'Shared with directly';
  return `Members of the group ${section.group.name}`;
}

/** Who the email goes to, by the way each one is reached. */
export function RecipientsList({ sections }: { sections: RecipientGroup[] }) {
  return (
    <Box
      role="region"
      aria-label="Recipients"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 320, overflow: 'auto' }}
    >
      {sections.map((section) => (
        <List
          key={section.group ? `group-${section.group.id}` : 'direct'}
          dense
          disablePadding
          aria-label={heading(section)}
          subheader={<ListSubheader disableSticky>{heading(section)}</ListSubheader>}
        >
          {section.status === 'loading' ? (
            <ListItem>
              <LoadingText width="60%" label={`Loading the members of ${section.group?.name}`} />
            </ListItem>
          ) : section.status === 'error' ? (
            <ListItem>
              <ListItemText
                primary={`Every member of ${section.group?.name}`}
                secondary="The console could not list them; the platform will still notify each one."
              />
            </ListItem>
          ) : section.people.length === 0 ? (
            <ListItem>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {section.group
                  ? `${section.group.name} has no members: nobody is notified.`
                  : 'Nobody'}
              </Typography>
            </ListItem>
          ) : (
            section.people.map((person) => (
              <ListItem key={person.id}>
                <ListItemText
                  primary={person.name}
                  secondary={
                    person.repeated ? `${person.email} · listed above, one email` : person.email
                  }
                />
              </ListItem>
            ))
          )}
        </List>
      ))}
    </Box>
  );
}

export const recipientsTitle = (count: number, complete: boolean) =>
  complete ? `Email ${plural(count, 'person', 'people')}?` : 'Send email?';
