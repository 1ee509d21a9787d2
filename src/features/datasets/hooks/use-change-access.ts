import { useState } from 'react';
import type { PermissionList } from '../../../api/contract';
import { useShareDataset } from '../../../api/datasets';
import { useNotify } from '../../../components';
import {
  accessLevelLabels,
  principalKey,
  principalName,
  type AccessLevel,
} from '../components/access-levels';

type Permission = PermissionList['list'][number];

/**
 * Change a user's or group's level in place: a share of the same principal at the new level,
 * without email. The row shows the new level at once and keeps it while the platform answers;
 * a refusal puts the old level back and says why.
 */
export function useChangeAccess(datasetId: string) {
  const share = useShareDataset();
  const notify = useNotify();
  const [pending, setPending] = useState<{ key: string; level: AccessLevel }>();

  const change = (permission: Permission, level: AccessLevel) => {
    if (level === permission.accessLevel || pending) return;
    const name = principalName(permission);
    setPending({ key: principalKey(permission), level });
    share.mutate(
      {
        datasetId,
        share: {
          permissions: [{ id: permission.id, type: permission.type, accessLevel: level }],
          sendEmail: false,
        },
      },
      {
        onSuccess: () =>
          notify.success(`${name} now has “${accessLevelLabels[level].toLowerCase()}” access`),
        onError: (error) => notify.error(`The access of ${name} was not changed: ${error.message}`),
        onSettled: () => setPending(undefined),
      },
    );
  };

  return {
    change,
    levelOf: (p: Permission) => (pending?.key === principalKey(p) ? pending.level : p.accessLevel),
    isSaving: (p: Permission) => pending?.key === principalKey(p),
    busy: pending !== undefined,
  };
}

export type ChangeAccess = ReturnType<typeof useChangeAccess>;
