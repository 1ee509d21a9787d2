import type {
  AccessToken,
  AccessTokenKind,
  AccessUser,
  ConsoleSession,
  PlatformGroup,
  PlatformUser,
} from '../../../src/api/contract';
import type { GroupRow, UserRow } from './repository';
import type { AccessTokenRow, ConsoleSessionRow } from './token-repository';
import type { UserAccess } from './user-access';

export const toPlatformUser = (u: UserRow): PlatformUser => ({
  id: u.id,
  displayName: u.display_name,
  emailAddress: u.email_address,
  role: u.role,
});

export const toPlatformGroup = (g: GroupRow): PlatformGroup => ({
  id: g.id,
  name: g.name,
  memberCount: g.member_count,
});

/** A user as the access endpoints answer them: with their role, groups and grants. */
export const toAccessUser = ({ user, groups, grants }: UserAccess): AccessUser => ({
  ...toPlatformUser(user),
  groups,
  grants,
  disabled: user.disabled_at !== null,
});

/** A token as listed: never its value (only its hash is kept). */
export const toAccessToken = (t: AccessTokenRow): AccessToken => ({
  id: t.id,
  name: t.name,
  ownerId: t.user_id,
  kind: t.kind as AccessTokenKind,
  created: t.created_at.toISOString(),
  expires: t.expires_at?.toISOString() ?? null,
  lastUsed: t.last_used_at?.toISOString() ?? null,
  revoked: t.revoked_at?.toISOString() ?? null,
});

/** A console session in force: its person by name, when it began and ends, its last call. */
export const toConsoleSession = (s: ConsoleSessionRow): ConsoleSession => ({
  id: s.session_id,
  user: { id: s.user_id, displayName: s.display_name },
  signedIn: s.signed_in.toISOString(),
  expires: s.expires.toISOString(),
  lastUsed: s.last_used?.toISOString() ?? null,
});
