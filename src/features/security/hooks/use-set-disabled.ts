import { useSetUserDisabled } from '../../../api/access';
import type { AccessUser } from '../../../api/contract';
import { useNotify } from '../../../components';
import { useConfirmMutation } from '../../../hooks/use-confirm-mutation';

/** Confirm first, since disabling ends every token and session of the person at once. */
export function useSetDisabled() {
  const notify = useNotify();
  return useConfirmMutation(useSetUserDisabled(), (user: AccessUser) => ({
    variables: { userId: user.id, disabled: !user.disabled },
    onSuccess: () =>
      notify.success(`${user.displayName} is ${user.disabled ? 'enabled' : 'disabled'}`),
  }));
}
