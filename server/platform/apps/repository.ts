import type { Queryable } from '../store';

/** An app registered through the Apps API, as stored (its manifest not yet checked). */
export interface RegisteredAppRow {
  id: string;
  manifest: unknown;
  declared_by: number | null;
}

/** Changes with every write of a manifest, in any process (migration 204). */
export async function manifestsVersion(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: string | number }>(
    'SELECT version FROM app_manifests_version',
  );
  return Number(row?.version ?? 0);
}

const bumpVersion = (tx: Queryable) =>
  tx.query('UPDATE app_manifests_version SET version = version + 1');

export const registeredApps = (db: Queryable, limit: number) =>
  db.query<RegisteredAppRow>(
    `SELECT id, manifest, declared_by FROM apps WHERE manifest IS NOT NULL ORDER BY id LIMIT $1`,
    [limit],
  );

/** Registers or replaces an app's manifest, declared by `declaredBy`. */
export async function saveManifest(
  tx: Queryable,
  id: string,
  manifest: unknown,
  declaredBy: number,
): Promise<void> {
  await tx.query(
    `INSERT INTO apps (id, manifest, declared_by, updated_at) VALUES ($1, $2::jsonb, $3, now())
     ON CONFLICT (id) DO UPDATE
       SET manifest = EXCLUDED.manifest, declared_by = EXCLUDED.declared_by, updated_at = now()`,
    [id, JSON.stringify(manifest), declaredBy],
  );
  await bumpVersion(tx);
}

/**
 * Forgets an app's registered manifest; its row stays with its datastore, which registering the
 * app again finds. False when no manifest was registered.
 */
export async function removeManifest(tx: Queryable, id: string): Promise<boolean> {
  const gone = await tx.query(
    `UPDATE apps SET manifest = NULL, updated_at = now() WHERE id = $1 AND manifest IS NOT NULL
     RETURNING id`,
    [id],
  );
  if (gone.length) await bumpVersion(tx);
  return gone.length > 0;
}

/** The datastore of each app that has one. */
export async function appDatastores(db: Queryable): Promise<Map<string, string>> {
  const rows = await db.query<{ id: string; datastore_id: string }>(
    'SELECT id, datastore_id FROM apps WHERE datastore_id IS NOT NULL',
  );
  return new Map(rows.map((row) => [row.id, row.datastore_id]));
}

export async function appDatastore(db: Queryable, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ datastore_id: string | null }>(
    'SELECT datastore_id FROM apps WHERE id = $1',
    [id],
  );
  return row?.datastore_id ?? undefined;
}

/**
 * The app's row, made if missing and locked for the transaction: two first calls at once make
 * one datastore. Answers the datastore it has.
 */
export async function lockApp(tx: Queryable, id: string): Promise<string | undefined> {
  await tx.query('INSERT INTO apps (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [id]);
  const [row] = await tx.query<{ datastore_id: string | null }>(
    'SELECT datastore_id FROM apps WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row?.datastore_id ?? undefined;
}

export const setAppDatastore = (tx: Queryable, id: string, datastoreId: string) =>
  tx.query('UPDATE apps SET datastore_id = $2 WHERE id = $1', [id, datastoreId]);

/** The names of the collections of the app's datastore. */
export async function collectionNames(db: Queryable, datastoreId: string): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    'SELECT name FROM collections WHERE datastore_id = $1 ORDER BY name, id',
    [datastoreId],
  );
  return rows.map((row) => row.name);
}

/** A collection of the datastore named by its name (first) or its id. */
export async function collectionOf(
  db: Queryable,
  datastoreId: string,
  nameOrId: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ id: string }>(
    `SELECT id FROM collections WHERE datastore_id = $1 AND (name = $2 OR id = $2)
     ORDER BY name = $2 DESC LIMIT 1`,
    [datastoreId, nameOrId],
  );
  return row?.id;
}
