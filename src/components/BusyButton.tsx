import type { ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';

export type BusyButtonProps = Omit<ButtonProps, 'loading' | 'loadingPosition' | 'startIcon'> & {
  /** The action's icon; a spinner takes its place while the action runs. */
  icon: ReactNode;
  /** True while the action runs: the button is disabled and says it is busy. */
  busy: boolean;
};

/** A button that starts something that takes a while (run, re-run, upload). */
export function BusyButton({ icon, busy, variant = 'contained', ...props }: BusyButtonProps) {
  return (
    <Button {...props} variant={variant} startIcon={icon} loading={busy} loadingPosition="start" />
  );
}
