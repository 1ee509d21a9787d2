import type { PermissionList } from '../../../api/contract';
import { useRemovePermission } from '../../../api/datasets';
import { useNotify } from '../../../components';
import { useConfirmMutation } from '../../../hooks/use-confirm-mutation';
import { principalName } from '../components/access-levels';

type Permission = PermissionList['list'][number];

/** Remove a user's or group's access, after a confirm that names them. */
export function useRemoveAccess(datasetId: string) {
  const notify = useNotify();
  return useConfirmMutation(useRemovePermission(), (target: Permission) => ({
    variables: { datasetId, type: target.type, principalId: target.id },
    onSuccess: () => notify.success(`${principalName(target)} no longer has access`),
  }));
}
