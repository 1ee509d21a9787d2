import { useMe } from '../../../api/access';
import { WORKFLOW_API_GRANT } from '../../../api/contract';

/** What the user behind the console's token may do in the Security area. */
export function useSecurityAccess() {
  const me = useMe();
  const isAdmin = me.data?.role === 'Admin';
  return {
    me,
    isAdmin,
    /** Admins manage every token; a Workflow API holder their own access tokens (spec 5.4). */
    mayUseTokens: isAdmin || Boolean(me.data?.grants.includes(WORKFLOW_API_GRANT)),
  };
}
