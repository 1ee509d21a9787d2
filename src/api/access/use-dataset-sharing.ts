import { useQuery } from '@tanstack/react-query';
import type { DatasetAccess } from '../contract/access';
import { datasetAccessQueryOptions, type DatasetPermission } from './get-dataset-access';

type ShareLevel = DatasetAccess['sharing']['grantable'][number];

export interface DatasetSharing {
  /** The levels the caller may give (at most his own); none while the answer loads. */
  grantable: ShareLevel[];
  /** Lower or remove the access of others. */
  removeOthers: DatasetPermission;
  /** Change or remove the caller's own entry. */
  changeOwn: DatasetPermission;
}

const ALL_LEVELS: ShareLevel[] = ['CAN_SHARE', 'CAN_EDIT', 'CO_OWNER'];

/**
 * What the sharing tab may offer, from `GET /api/access/v1/datasets/{id}`: a user
 * gives at most his own level, never changes his own entry, and only owners and co-owners lower
 * or remove the access of others.
 */
export function useDatasetSharing(datasetId: string): DatasetSharing {
  const { data, isError } = useQuery(datasetAccessQueryOptions(datasetId));
  if (isError)
    return { grantable: ALL_LEVELS, removeOthers: { allowed: true }, changeOwn: { allowed: true } };
  if (!data) {
    const checking = { allowed: false, reason: 'Checking your access…' };
    return { grantable: [], removeOthers: checking, changeOwn: checking };
  }
  const { grantable, removeOthers, changeOwn } = data.sharing;
  return {
    grantable,
    removeOthers: removeOthers.allowed
      ? { allowed: true }
      : {
          allowed: false,
          reason: 'You need CO_OWNER access to lower or remove the access of others',
        },
    changeOwn: changeOwn.allowed
      ? { allowed: true }
      : {
          allowed: false,
          reason: 'You may not change your own access: the owner, another co-owner or an Admin may',
        },
  };
}
