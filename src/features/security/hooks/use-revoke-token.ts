import { useRevokeAccessToken } from '../../../api/access';
import type { AccessToken } from '../../../api/contract';
import { useNotify } from '../../../components';
import { useConfirmMutation } from '../../../hooks/use-confirm-mutation';

/** Confirm first, since a revoked token cannot come back; then say so. */
export function useRevokeToken() {
  const notify = useNotify();
  return useConfirmMutation(useRevokeAccessToken(), (target: AccessToken) => ({
    variables: target.id,
    onSuccess: () => notify.success(`Token “${target.name}” revoked`),
  }));
}
