import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../../api/errors';
import { ErrorState } from '../../../components';
import { securityPath, workflowsPath } from '../../../lib/paths';

export interface WorkflowErrorProps {
  error: unknown;
  /** What could not be read: "the workflows", "this workflow", "this run". */
  what: string;
  onRetry?: () => void;
  /** The headline of any other error; default "Cannot read {what}". */
  title?: string;
}

/**
 * 7.4: the workflow API answers 401, 403 and 404 for three different reasons, and each has its
 * own remedy; anything else is the console's usual error.
 */
export function WorkflowError({ error, what, onRetry, title }: WorkflowErrorProps) {
  const status = isApiError(error) && error.kind === 'http' ? error.status : undefined;
  const detail = error instanceof Error ? error.message : undefined;
  const platformSays = detail ? (
    <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
      The platform says: {detail} (status {status})
    </Typography>
  ) : null;

  if (status === 401)
    return (
      <Alert severity="error" variant="outlined">
        <AlertTitle>The console’s access token for workflows is missing or invalid</AlertTitle>
        <Typography variant="body2">
          The gateway calls the workflow API with the access token in{' '}
          <code>PLATFORM_ACCESS_TOKEN</code>. Set it to a valid, unexpired access token of the
          platform and restart the console.
        </Typography>
        {platformSays}
      </Alert>
    );
  if (status === 403)
    return (
      <Alert severity="warning" variant="outlined">
        <AlertTitle>No permission to use workflows</AlertTitle>
        <Typography variant="body2">
          The user who owns the console’s access token needs the <strong>Workflow API</strong>{' '}
          grant, which is given through a role. Ask an administrator to give that user a role
          holding it (
          <Link component={RouterLink} to={securityPath('roles')}>
            roles and their grants
          </Link>
          ), or use an access token of a user who has it.
        </Typography>
        {platformSays}
      </Alert>
    );
  if (status === 404)
    return (
      <Alert
        severity="info"
        variant="outlined"
        action={
          <Button component={RouterLink} to={workflowsPath()} color="inherit" size="small">
            All workflows
          </Button>
        }
      >
        <AlertTitle>Cannot find {what}</AlertTitle>
        <Typography variant="body2">
          It does not exist, or the access token’s user may not see it. Check the address, or pick
          it from the list of workflows.
        </Typography>
        {platformSays}
      </Alert>
    );
  return <ErrorState error={error} title={title ?? `Cannot read ${what}`} onRetry={onRetry} />;
}
