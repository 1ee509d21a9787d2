import { useState } from 'react';
import type { PermissionList } from '../../../api/contract';
import { useRemovePermission } from '../../../api/datasets';
import { useNotify } from '../../../components';
import { principalName } from '../components/access-levels';

type Permission = PermissionList['list'][number];

/** Remove a user's or group's access, after a confirm that names them. */
export function useRemoveAccess(datasetId: string) {
  // The target outlives `open`, so the dialog keeps its words while it closes.
  const [target, setTarget] = useState<Permission | null>(null);
  const [open, setOpen] = useState(false);
  const remove = useRemovePermission();
  const notify = useNotify();

  return {
    open,
    target,
    ask: (permission: Permission) => {
      remove.reset();
      setTarget(permission);
      setOpen(true);
    },
    cancel: () => {
      if (!remove.isPending) setOpen(false);
    },
    confirm: () => {
      if (!target) return;
      remove.mutate(
        { datasetId, type: target.type, principalId: target.id },
        {
          onSuccess: () => {
            notify.success(`${principalName(target)} no longer has access`);
            setOpen(false);
          },
        },
      );
    },
    removing: remove.isPending,
    error: remove.error,
  };
}
