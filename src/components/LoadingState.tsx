import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { visuallyHidden } from '../lib/visually-hidden';

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

/**
 * A line of text still loading (a title, a list item): a skeleton the eye sees, and its label as
 * text that a screen reader reads where the text will be (a heading keeps a name meanwhile).
 */
export function LoadingText({ label, width }: { label: string; width: number | string }) {
  return (
    <>
      <Skeleton width={width} aria-hidden />
      <Box component="span" sx={visuallyHidden}>
        {label}
      </Box>
    </>
  );
}
