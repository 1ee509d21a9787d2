import { Navigate } from 'react-router';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { ErrorState } from '../../../components';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { OidcSignIn } from '../components/OidcSignIn';
import { SignInForm } from '../components/SignInForm';
import { SignInLayout } from '../components/SignInLayout';
import { useSignInPage } from '../hooks/use-sign-in-page';

export function SignInPage() {
  useDocumentTitle('Sign in');
  const { view, next, sessionEnded, error } = useSignInPage();
  if (view.kind === 'signed-in') return <Navigate to={next} replace />;
  return (
    <SignInLayout>
      {sessionEnded && (
        // A status, not an alert: the form's own alert may follow, and this one is no news.
        <Alert severity="info" role="status">
          Your session has ended: sign in again
        </Alert>
      )}
      {error && <Alert severity="error">{error}</Alert>}
      {view.kind === 'checking' && (
        <Stack sx={{ alignItems: 'center' }}>
          <CircularProgress aria-label="Checking how to sign in" />
        </Stack>
      )}
      {view.kind === 'failed' && (
        <ErrorState error={view.error} onRetry={view.retry} title="Cannot tell how to sign in" />
      )}
      {view.kind === 'platform' && <SignInForm next={next} />}
      {view.kind === 'oidc' && <OidcSignIn next={next} provider={view.provider} />}
    </SignInLayout>
  );
}
