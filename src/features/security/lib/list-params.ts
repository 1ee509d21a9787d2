import { accessTokenKinds } from '../../../api/contract';
import { param } from '../../../lib/list-params';
import { tokenStatuses } from './token-status';

/** The token list's filters in the URL: `kind`, `status` (default active) and `page`. */
export const tokensSpec = {
  kind: param.optional(accessTokenKinds),
  status: param.oneOf([...tokenStatuses, 'all'], 'active'),
  page: param.page(),
};

/** The user list's search in the URL (`q`: name, email, role or group). */
export const usersSpec = { q: param.search() };

/** The console session list's person (`userId`, Admins only) and `page` in the URL. */
export const sessionsSpec = { userId: param.intId(), page: param.page() };
