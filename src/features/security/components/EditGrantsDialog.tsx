import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useSetRoleGrants } from '../../../api/access';
import { KNOWN_GRANTS, type Role } from '../../../api/contract/access';
import { ConfirmDialog, useNotify } from '../../../components';

const grantWords: Record<(typeof KNOWN_GRANTS)[number], string> = {
  'Workflow API': 'Runs workflows and manages its own access tokens',
  'Manage security': 'Reserved for security administration',
  'Read activity log': 'Reads the activity log, as JSON and CSV',
};

/** An Admin chooses what a role grants; every member holds it at once. */
export function EditGrantsDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const [grants, setGrants] = useState<string[]>(role.grants);
  const save = useSetRoleGrants();
  const notify = useNotify();
  return (
    <ConfirmDialog
      open
      title={`Grants of the ${role.name} role`}
      confirmLabel="Save grants"
      pending={save.isPending}
      onClose={onClose}
      onConfirm={() =>
        save.mutate(
          { roleName: role.name, grants },
          {
            onSuccess: () => {
              notify.success(`Saved the grants of the ${role.name} role`);
              onClose();
            },
            onError: (error) =>
              notify.error(`Could not save the grants of ${role.name}: ${error.message}`),
          },
        )
      }
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        The {role.members === 1 ? 'member' : 'members'} of this role ({role.members}) hold what it
        grants as soon as it is saved.
      </Typography>
      <FormGroup>
        {KNOWN_GRANTS.map((grant) => (
          <FormControlLabel
            key={grant}
            control={
              <Checkbox
                checked={grants.includes(grant)}
                onChange={(event) =>
                  setGrants((now) =>
                    event.target.checked ? [...now, grant] : now.filter((g) => g !== grant),
                  )
                }
              />
            }
            label={
              <>
                {grant}
                <Typography
                  variant="body2"
                  component="span"
                  sx={{ display: 'block', color: 'text.secondary' }}
                >
                  {grantWords[grant]}
                </Typography>
              </>
            }
          />
        ))}
      </FormGroup>
    </ConfirmDialog>
  );
}
