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

/** The largest user id the platform reads (a 32-bit integer). */
const MAX_USER_ID = 2_147_483_647;

/** A person's user id in the URL; anything but a user id the platform reads is nobody chosen. */
const userIdParam = param.custom<number | null>({
  read: (raw) => {
    const id = Number(raw);
    return raw && Number.isInteger(id) && id > 0 && id <= MAX_USER_ID ? id : null;
  },
  write: (id) => (id === null ? null : String(id)),
});

/** The console session list's person (`userId`, Admins only) and `page` in the URL. */
export const sessionsSpec = { userId: userIdParam, page: param.page() };
