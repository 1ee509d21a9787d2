import '../../zod-config';
import * as z from 'zod/mini';
import { isoDateTime, jsonObject, userIdInt } from './common';

/*
 * What the first page reads, in zod/mini: the user in the app bar, the datastore list,
 * its collections (counted per datastore) and their owners. Classic zod's chainable schemas bring
 * all of zod (~26 kB gz) into a chunk as soon as one of them is built there; mini brings only what
 * a schema uses, and parses alike. Each shape is written once, here: the area modules re-export
 * these schemas and build their classic objects (`datastore`, `collection`, `platformUser`) from
 * the same fields, for the platform and the other screens.
 */

export const columnTypes = ['STRING', 'LONG', 'DECIMAL', 'DOUBLE', 'DATE', 'DATETIME'] as const;
export const collectionColumnType = z.enum(columnTypes);
export type CollectionColumnType = z.infer<typeof collectionColumnType>;

export const collectionColumn = z.object({
  type: collectionColumnType,
  name: z.string().check(z.trim(), z.minLength(1, 'a column needs a name'), z.maxLength(128)),
});
export type CollectionColumn = z.infer<typeof collectionColumn>;

export const collectionSchema = z.object({ columns: z.array(collectionColumn) });
export type CollectionSchema = z.infer<typeof collectionSchema>;

export const filterOperations = ['READ', 'UPDATE', 'DELETE'] as const;
/** A document-level filter of a collection (gaps.md, public shape). */
export const collectionFilter = z.object({
  name: z.string(),
  applyOn: z.array(z.enum(filterOperations)),
  applyTo: z.array(
    z.object({ type: z.enum(['USER_ID', 'GROUP_ID']), values: z.array(z.string()) }),
  ),
  // Optional in the public model (false when omitted); the wildcard fields are kept as sent.
  applyToAll: z._default(z.boolean(), false),
  limitToOwner: z._default(z.boolean(), false),
  wildcardGroups: z.optional(z.array(z.unknown())),
  maxWildcardGroups: z.optional(z.number().check(z.int(), z.gte(0))),
  query: jsonObject,
});
export type CollectionFilter = z.infer<typeof collectionFilter>;

/** Per collection operation, the authorities a caller needs: `{"READ": ["authority.read"]}`. */
export const requiredAuthorities = z.record(
  z.string().check(z.minLength(1)),
  z.array(z.string().check(z.minLength(1))),
);
export type RequiredAuthorities = z.infer<typeof requiredAuthorities>;

/** 2.1 Collection: its fields (`collection` in ./datastores is their classic object). */
export const collectionFields = {
  id: z.string(),
  datastoreId: z.string(),
  defaultPermissions: z.nullable(z.string()),
  requiredAuthorities: z.nullable(requiredAuthorities),
  owner: userIdInt,
  name: z.string(),
  datasourceId: z.nullable(z.string()),
  schema: collectionSchema,
  filters: z.nullable(z.array(collectionFilter)),
  syncEnabled: z.boolean(),
  syncRequired: z.boolean(),
  fullReplaceRequired: z.boolean(),
  lastSync: z.nullable(isoDateTime),
  createdOn: isoDateTime,
  updatedOn: isoDateTime,
  updatedBy: userIdInt,
  /** Shown by the public docs' examples and the vendor's client; false unless set. */
  exportable: z._default(z.boolean(), false),
};

/** A datastore's fields (`datastore` in ./datastores is their classic object). */
export const datastoreFields = {
  id: z.string(),
  name: z.string(),
  owner: userIdInt,
  createdOn: isoDateTime,
  updatedOn: isoDateTime,
};

/** `GET /api/datastores/v1/`: the datastores the caller can see. */
export const datastoreList = z.array(z.object(datastoreFields));
/** `GET /api/datastores/v1/collections` without a filter: every collection. */
export const collectionList = z.array(z.object(collectionFields));

/** A user to share with (`platformUser` in ./people is their classic object). */
export const platformUserFields = {
  id: z.number().check(z.int()),
  displayName: z.string(),
  emailAddress: z.string(),
  role: z.string(),
};
/** `GET /api/content/v3/users/{id}`. */
export const platformUserAnswer = z.object(platformUserFields);

/** A user as the access endpoints answer them: `users/me` and the admin's user list. */
export const accessUser = z.object({
  id: userIdInt,
  displayName: z.string(),
  emailAddress: z.string(),
  role: z.string(),
  groups: z.array(z.object({ id: z.number().check(z.int()), name: z.string() })),
  grants: z.array(z.string()),
  /** A disabled person signs in nowhere and their tokens answer 401; absent on other platforms. */
  disabled: z._default(z.boolean(), false),
});
export type AccessUser = z.infer<typeof accessUser>;
