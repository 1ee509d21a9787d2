import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError, type ApiError } from '../api/errors';
import { CopyButton } from './CopyButton';

export interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  /** Overrides the headline derived from the error. */
  title?: string;
}

function headline(error: ApiError | undefined): string {
  if (!error) return 'Something went wrong';
  if (error.kind === 'network') return 'Cannot reach the console server';
  if (error.kind === 'contract') return 'The platform sent an unexpected answer';
  if (error.kind === 'gateway') {
    if (error.status === 413) return 'The request is too large';
    if (error.status === 421) return 'The gateway refused to forward the request';
    return 'The platform cannot be reached';
  }
  // Spec 4.1/7.4: the platform answers 404 both for "missing" and for "no permission".
  if (error.status === 404) return 'Not found, or you have no access';
  if (error.status === 401) return 'The platform refused the console’s token';
  if (error.status === 403) return 'You have no access';
  return 'Something went wrong';
}

export function ErrorState({ error, onRetry, title }: ErrorStateProps) {
  const apiError = isApiError(error) ? error : undefined;
  const heading = title ?? headline(apiError);
  const message = error instanceof Error ? error.message : String(error);
  const status = apiError && apiError.status > 0 ? apiError.status : undefined;

  return (
    <Alert
      severity="error"
      variant="outlined"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    >
      <AlertTitle>{heading}</AlertTitle>
      <Stack spacing={0.5}>
        {message !== heading && <Typography variant="body2">{message}</Typography>}
        {status !== undefined && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Status {status}
            {apiError?.statusReason ? ` ${apiError.statusReason}` : ''}
            {apiError?.errorCode ? ` · ${apiError.errorCode}` : ''}
          </Typography>
        )}
        {apiError?.traceId && (
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Trace id{' '}
              <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace' }}>
                {apiError.traceId}
              </Typography>
            </Typography>
            <CopyButton value={apiError.traceId} label="Copy trace id" />
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
