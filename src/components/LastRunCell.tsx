import type { ReactNode } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export interface LastRunCellProps {
  /** The last run's status chip; none (or null, false) when it never ran. */
  status: ReactNode | undefined;
  /** What follows the chip: the run's name, its date, a link to it. */
  children?: ReactNode;
}

/** A list's "Last run" cell: the status and when, or "Never run". */
export function LastRunCell({ status, children }: LastRunCellProps) {
  if (!status)
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Never run
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {status}
      {children}
    </Stack>
  );
}
