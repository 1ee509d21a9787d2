import type { ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export interface LeaveDialogProps {
  /** What `useLeaveGuard` returns. */
  guard: { asking: boolean; leave: () => void; stay: () => void };
  title: string;
  /** What is lost by leaving. */
  children: ReactNode;
}

/** "Leave or stay?" when a link or Back would lose what the page holds (see useLeaveGuard). */
export function LeaveDialog({ guard, title, children }: LeaveDialogProps) {
  return (
    <ConfirmDialog
      open={guard.asking}
      title={title}
      confirmLabel="Leave"
      cancelLabel="Stay"
      destructive
      onConfirm={guard.leave}
      onClose={guard.stay}
    >
      {children}
    </ConfirmDialog>
  );
}
