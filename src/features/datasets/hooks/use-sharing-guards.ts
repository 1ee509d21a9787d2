import {
  useDatasetPermission,
  useDatasetSharing,
  useMe,
  type DatasetPermission,
} from '../../../api/access';
import type { PermissionList } from '../../../api/contract';
import { accessLevelOrder, type AccessLevel } from '../components/access-levels';

type Permission = PermissionList['list'][number];

const rankOf = (level: AccessLevel) => accessLevelOrder.indexOf(level);

/**
 * What the sharing tab offers for each entry, from the platform's answer: the levels
 * one may give (at most one's own), lowering and removing others only as owner or co-owner, and
 * never one's own entry below owner.
 */
export function useSharingGuards(datasetId: string) {
  const mayShare = useDatasetPermission(datasetId, 'share');
  const sharing = useDatasetSharing(datasetId);
  const { data: me } = useMe();
  const isOwn = (p: Permission) => p.type === 'USER' && me !== undefined && p.id === String(me.id);

  /** The entry's level select: whether it may change, which levels it offers and which it greys. */
  const levelOf = (
    p: Permission,
  ): DatasetPermission & { levels: AccessLevel[]; disabledLevels: AccessLevel[] } => {
    const all = { levels: accessLevelOrder, disabledLevels: [] };
    if (!mayShare.allowed) return { ...mayShare, ...all };
    if (isOwn(p) && !sharing.changeOwn.allowed) return { ...sharing.changeOwn, ...all };
    if (!sharing.grantable.includes(p.accessLevel)) return { ...sharing.removeOthers, ...all };
    return {
      allowed: true,
      levels: sharing.grantable,
      disabledLevels: sharing.removeOthers.allowed
        ? []
        : sharing.grantable.filter((l) => rankOf(l) < rankOf(p.accessLevel)),
    };
  };

  /** The entry's remove button. */
  const removeOf = (p: Permission): DatasetPermission => {
    if (!sharing.removeOthers.allowed) return sharing.removeOthers;
    if (isOwn(p) && !sharing.changeOwn.allowed) return sharing.changeOwn;
    return { allowed: true };
  };

  return { grantable: sharing.grantable, levelOf, removeOf };
}

export type SharingGuards = ReturnType<typeof useSharingGuards>;
