import '../../zod-config';
import { z } from 'zod';
import { READ_ACTIVITY_GRANT } from './audit';
import { isoDateTime, queryInt, userIdInt } from './common';
import { accessUser } from './first-page';

/** Grants the platform names (spec 5.6); roles carry them. */
export const WORKFLOW_API_GRANT = 'Workflow API';
export const MANAGE_SECURITY_GRANT = 'Manage security';

export { accessUser, type AccessUser } from './first-page';
export const accessUserList = z.array(accessUser);

export const role = z.object({
  name: z.string(),
  description: z.string(),
  grants: z.array(z.string()),
  members: z.number().int(),
});
export type Role = z.infer<typeof role>;
export const roleList = z.array(role);

/** Every grant a role may carry (spec 5.6); a role's grants are chosen among these. */
export const KNOWN_GRANTS = [
  WORKFLOW_API_GRANT,
  MANAGE_SECURITY_GRANT,
  READ_ACTIVITY_GRANT,
] as const;
/** gaps.md: `PUT /api/access/v1/users/{id}/role`, Admins only. */
export const setUserRoleBody = z.object({ role: z.string().trim().min(1).max(64) });
/** gaps.md: `PUT /api/access/v1/roles/{name}/grants`, Admins only. */
export const setRoleGrantsBody = z.object({
  grants: z
    .array(z.enum(KNOWN_GRANTS, { error: `expected one of: ${KNOWN_GRANTS.join(', ')}` }))
    .max(KNOWN_GRANTS.length),
});
/** gaps.md: `PUT /api/access/v1/users/{id}/disabled`, Admins only. */
export const setUserDisabledBody = z.object({ disabled: z.boolean() });

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;
/** The rule a new password follows, as the console shows it beside the field. */
export const PASSWORD_RULE = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters; not the sample password, not the person’s email address`;
/** A new password's length; the platform also refuses the sample password and the person's email. */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `at most ${PASSWORD_MAX_LENGTH} characters`);
/**
 * gaps.md: `PUT /api/access/v1/users/{id}/password` → 204: an Admin sets anyone's; a person their
 * own, with `currentPassword` (their password now).
 */
export const setUserPasswordBody = z.object({
  password: newPassword,
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type SetUserPasswordBody = z.input<typeof setUserPasswordBody>;

/**
 * gaps.md: `POST /api/access/v1/console-sessions`, Admins only: the gateway signs a person in
 * with their password, or vouches for them (`oidc`: the provider verified the email).
 */
export const consoleSignInMethods = ['password', 'oidc'] as const;
export const createConsoleSessionBody = z
  .object({
    emailAddress: z.string().trim().min(1, 'emailAddress is required').max(320),
    method: z.enum(consoleSignInMethods),
    password: z.string().max(1024).optional(),
  })
  .refine((b) => b.method !== 'password' || b.password !== undefined, {
    path: ['password'],
    message: 'password is required when method is "password"',
  });
export type CreateConsoleSessionBody = z.input<typeof createConsoleSessionBody>;

/** The person a console session acts as, and their two tokens, answered this once. */
export const createdConsoleSession = z.object({
  id: z.uuid(),
  user: z.object({
    id: userIdInt,
    displayName: z.string(),
    emailAddress: z.string(),
    role: z.string(),
  }),
  /** Acts as the person under `{base_url}`. */
  developerToken: z.string(),
  /** Acts as the person on the workflow API (with the Workflow API grant, as any access token). */
  accessToken: z.string(),
  expires: isoDateTime,
});
export type CreatedConsoleSession = z.infer<typeof createdConsoleSession>;

/** Why a console session is refused: the `reason` of its 401 or 403 body. */
export const consoleSessionRefusalReasons = [
  'INVALID_CREDENTIALS',
  'UNKNOWN_PERSON',
  'PERSON_DISABLED',
  /** The sample password, from anywhere but the console's own machine. */
  'SAMPLE_PASSWORD',
] as const;
export const consoleSessionRefusal = z.object({
  reason: z.enum(consoleSessionRefusalReasons),
  message: z.string(),
});
export type ConsoleSessionRefusal = z.infer<typeof consoleSessionRefusal>;

/** Console sessions a list answers at most (those in force; each lasts a working day). */
export const CONSOLE_SESSION_LIST_LIMIT = 500;

/**
 * A console sign-in in force (team mode on the embedded platform): its two tokens share its id,
 * and ending it revokes both, so the person's console asks them to sign in again. Never a
 * token's value.
 */
export const consoleSession = z.object({
  id: z.uuid(),
  user: z.object({ id: userIdInt, displayName: z.string() }),
  signedIn: isoDateTime,
  expires: isoDateTime,
  /** The last call either of its tokens made; null before the first. */
  lastUsed: z.nullable(isoDateTime),
});
export type ConsoleSession = z.infer<typeof consoleSession>;
export const consoleSessionList = z.array(consoleSession);
export const consoleSessionListParams = z.object({
  /** One person's sessions; every person's when left out (Admins). */
  userId: queryInt(1, 2_147_483_647).optional(),
});
export type ConsoleSessionListParams = z.infer<typeof consoleSessionListParams>;

/** `developer` tokens act as their user on `{base_url}`; `access` tokens on the workflow API (5.4). */
export const accessTokenKinds = ['developer', 'access'] as const;
export const accessTokenKind = z.enum(accessTokenKinds);
export type AccessTokenKind = z.infer<typeof accessTokenKind>;

/** A token as listed: never its value. */
export const accessToken = z.object({
  id: z.string(),
  name: z.string(),
  ownerId: userIdInt,
  kind: accessTokenKind,
  created: isoDateTime,
  expires: z.nullable(isoDateTime),
  lastUsed: z.nullable(isoDateTime),
  revoked: z.nullable(isoDateTime),
});
export type AccessToken = z.infer<typeof accessToken>;
export const accessTokenList = z.array(accessToken);
/** The answer to a create: the value, this once. */
export const createdAccessToken = accessToken.extend({ token: z.string() });
export type CreatedAccessToken = z.infer<typeof createdAccessToken>;

export const createAccessTokenBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(100),
  /** Whose token: the caller when left out. */
  ownerId: z.number().int().positive().optional(),
  kind: accessTokenKind.default('developer'),
  expiresInDays: z.number().int().min(1).max(3650).optional(),
});
export type CreateAccessTokenBody = z.input<typeof createAccessTokenBody>;

export const accessTokenListParams = z.object({
  ownerId: queryInt(1, 2_147_483_647).optional(),
  kind: accessTokenKind.optional(),
});
export type AccessTokenListParams = z.infer<typeof accessTokenListParams>;

export const datasetLevels = ['ADMIN', 'OWNER', 'CO_OWNER', 'CAN_EDIT', 'CAN_SHARE'] as const;
export const datasetOperations = ['read', 'share', 'edit', 'manage'] as const;
export type DatasetOperation = (typeof datasetOperations)[number];
export const accessDecision = z.object({
  allowed: z.boolean(),
  status: z.union([z.literal(403), z.literal(404)]).optional(),
  /** The level (or role) the refused operation needs. */
  needed: z.string().optional(),
});
export type AccessDecision = z.infer<typeof accessDecision>;
/** `GET /api/access/v1/datasets/{id}`: what the caller may do with one dataset. */
export const datasetAccess = z.object({
  level: z.enum(datasetLevels).nullable(),
  operations: z.object({
    read: accessDecision,
    share: accessDecision,
    edit: accessDecision,
    manage: accessDecision,
  }),
  /** What the sharing tab may offer: the levels the caller may give, at most his own. */
  sharing: z.object({
    grantable: z.array(z.enum(['CAN_SHARE', 'CAN_EDIT', 'CO_OWNER'])),
    /** Lower or remove the access of others: owners, co-owners and Admins. */
    removeOthers: accessDecision,
    /** Change or remove one's own entry: only the owner and Admins (no entry gives their level). */
    changeOwn: accessDecision,
  }),
});
export type DatasetAccess = z.infer<typeof datasetAccess>;

export const collectionOperations = [
  'read',
  'readContent',
  'createContent',
  'updateContent',
  'deleteContent',
  'update',
  'delete',
  'share',
  'administer',
] as const;
export type CollectionOperation = (typeof collectionOperations)[number];
/** `GET /api/access/v1/collections/{id}`: the caller's permissions on one collection. */
export const collectionAccess = z.object({
  permissions: z.array(z.string()),
  operations: z.object(
    Object.fromEntries(collectionOperations.map((op) => [op, accessDecision])) as Record<
      CollectionOperation,
      typeof accessDecision
    >,
  ),
});
export type CollectionAccess = z.infer<typeof collectionAccess>;
