import { useRouteError } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { describe } from './route-error';

/** RouteErrorFallback's alert, in MUI: loaded when a route first fails (see ./RouteErrorFallback). */
export default function RouteErrorAlert() {
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
