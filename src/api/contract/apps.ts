import '../../zod-config';
import { z } from 'zod';
import { isoDateTime } from './common';
import { collectionSchema } from './first-page';

/** An app's id: its folder under `DATA_DIR/apps`, and what the `X-App-Id` header names. */
export const appId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'an app id is 1 to 63 lower-case letters, digits or dashes');

/**
 * A custom app's manifest, in the vendor's own words: `collections` are created on
 * first use in the app's datastore, `mapping` names datasets by alias, `workflowMapping`
 * workflows by alias. Keys the embedded platform does not use are kept, not refused.
 */
export const appManifest = z.looseObject({
  name: z.string().trim().min(1).max(256),
  version: z.string().max(64).optional(),
  /** The app's datastore's name; the app's name when absent. */
  datastore: z.string().trim().min(1).max(256).optional(),
  collections: z
    .array(
      z.looseObject({
        name: z.string().trim().min(1).max(256),
        schema: z.optional(collectionSchema),
        syncEnabled: z.boolean().optional(),
        /** Who else may use it, as the collection's default permissions ("read,write"). */
        defaultPermissions: z.array(z.string().max(32)).max(16).optional(),
      }),
    )
    .max(100)
    .default([]),
  mapping: z
    .array(
      z.looseObject({
        alias: z.string().trim().min(1).max(128),
        dataSetId: z.string().trim().min(1).max(128),
      }),
    )
    .max(100)
    .default([]),
  workflowMapping: z
    .array(
      z.looseObject({
        alias: z.string().trim().min(1).max(128),
        modelId: z.string().trim().min(1).max(128),
      }),
    )
    .max(100)
    .default([]),
});
export type AppManifest = z.infer<typeof appManifest>;

/** One call an app made, as the platform answered it (the newest are kept, per app). */
export const appCall = z.object({
  at: isoDateTime,
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number(),
});
export type AppCall = z.infer<typeof appCall>;

/** A declared app: where its manifest comes from, what it maps, and whether it is usable. */
export const app = z.object({
  id: appId,
  source: z.enum(['file', 'api']),
  /** The manifest as declared; absent when it could not be read. */
  manifest: appManifest.optional(),
  /** Why the manifest cannot be used (a malformed file), naming the field. */
  problem: z.string().optional(),
  /** The app's datastore, once an app call created it. */
  datastoreId: z.string().nullable(),
  recentCalls: z.array(appCall),
});
export type App = z.infer<typeof app>;
export const appList = z.array(app);
