import { isRouteErrorResponse, useRouteError } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../hooks/use-document-title';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** The error boundary of the routes: a screen that crashed, or a chunk that failed to load. */
export function RouteErrorFallback() {
  const error = useRouteError();
  useDocumentTitle('Error');
  return (
    <Box sx={{ p: 3, maxWidth: 720 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      >
        <AlertTitle>This page stopped working</AlertTitle>
        <Typography variant="body2">{describe(error)}</Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          Reloading usually helps, for example after the console was updated.
        </Typography>
      </Alert>
    </Box>
  );
}
