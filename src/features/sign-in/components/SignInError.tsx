import Alert from '@mui/material/Alert';
import { isApiError } from '../../../api/errors';
import { ErrorState } from '../../../components';

// A malformed request, wrong email or password, a person the console does not let in, too many
// attempts (the message says until when).
const answeredByGateway = new Set([400, 401, 403, 429]);

/**
 * Why signing in failed: the gateway's own answers are one message for the person; anything else
 * is shown as the console shows every error, with its status and trace id.
 */
export function SignInError({ error }: { error: unknown }) {
  if (isApiError(error) && error.kind === 'http' && answeredByGateway.has(error.status)) {
    return <Alert severity="error">{error.message}</Alert>;
  }
  return <ErrorState error={error} title="Could not sign in" />;
}
