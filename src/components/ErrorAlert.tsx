import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../api/errors';
import { CopyButton } from './CopyButton';
import { headline, type ErrorStateProps } from './error-headline';

/** ErrorState's alert, in MUI: loaded when an error is first shown (see ./ErrorState). */
export default function ErrorAlert({ error, onRetry, title }: ErrorStateProps) {
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
