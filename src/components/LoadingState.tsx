import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

export interface LoadingStateProps {
  /** "table": rows of a list; "details": label/value pairs. */
  variant?: 'table' | 'details';
  rows?: number;
  label?: string;
}

export function LoadingState({
  variant = 'table',
  rows = 5,
  label = 'Loading',
}: LoadingStateProps) {
  return (
    <Box role="status" aria-label={label} aria-busy="true" sx={{ py: 1 }}>
      {variant === 'table' ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={36} />
          {Array.from({ length: rows }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={44} />
          ))}
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          {Array.from({ length: rows }, (_, i) => (
            <Stack key={i} direction="row" spacing={2}>
              <Skeleton width={160} />
              <Skeleton sx={{ flex: 1 }} />
            </Stack>
          ))}
        </Stack>
      )}
    </Box>
  );
}
