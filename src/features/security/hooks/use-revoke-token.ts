import { useState } from 'react';
import { useRevokeAccessToken } from '../../../api/access';
import type { AccessToken } from '../../../api/contract';
import { useNotify } from '../../../components';

/** Confirm first, since a revoked token cannot come back; then say so. */
export function useRevokeToken() {
  const revoke = useRevokeAccessToken();
  const notify = useNotify();
  const [target, setTarget] = useState<AccessToken>();
  return {
    target,
    ask: (token: AccessToken) => {
      revoke.reset();
      setTarget(token);
    },
    cancel: () => setTarget(undefined),
    confirm: () => {
      if (!target) return;
      revoke.mutate(target.id, {
        onSuccess: () => {
          notify.success(`Token “${target.name}” revoked`);
          setTarget(undefined);
        },
      });
    },
    pending: revoke.isPending,
    error: revoke.error,
  };
}
