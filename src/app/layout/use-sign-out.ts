import { useNavigate } from 'react-router';
import { useSignOut } from '../../api/gateway';
import { useNotify } from '../../components/notifications';
import { signInPath } from '../../lib/paths';

/**
 * Sign out (team sign-in): the session ends and the sign-in page follows, which forgets every
 * answer given to the person once no screen of theirs is left to ask again.
 */
export function useSignOutAndLeave() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const notify = useNotify();
  return {
    signOut: () =>
      signOut.mutate(undefined, {
        onSuccess: () => void navigate(signInPath(), { replace: true }),
        onError: (error) => notify.error(`Could not sign out: ${error.message}`),
      }),
    signingOut: signOut.isPending,
  };
}
