import { useEndConsoleSession } from '../../../api/access';
import type { ConsoleSession } from '../../../api/contract';
import { useNotify } from '../../../components';
import { useConfirmMutation } from '../../../hooks/use-confirm-mutation';
import { possessive } from '../lib/session-ending';

/**
 * Confirm first, since an ended session cannot come back (its person signs in again); then say
 * so. Ending this browser's own session signs it out: its next request leads to the sign-in page.
 */
export function useEndSession(thisSessionId: string | undefined) {
  const notify = useNotify();
  return useConfirmMutation(useEndConsoleSession(), (session: ConsoleSession) => ({
    variables: session.id,
    onSuccess: () =>
      notify.success(
        session.id === thisSessionId
          ? 'Your session in this browser has ended'
          : `${possessive(session.user.displayName)} session has ended`,
      ),
  }));
}
