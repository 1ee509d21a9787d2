import type { AppManifest } from '../../../src/api/contract';
import type { PlatformDeps } from '../core/context';
import { notFound } from '../core/errors';
import { checkPermissions, checkSchema } from '../datastores/collection-settings';
import { createCollection, createDatastore, listCollections } from '../datastores/repository';
import type { Queryable } from '../store';

interface AppRow {
  datastore_id: string | null;
}

const permissionsOf = (names: string[] | undefined) => {
  if (!names?.length) return null;
  const text = names.map((name) => name.trim().toUpperCase()).join(',');
  checkPermissions(text);
  return text;
};

async function missingCollections(db: Queryable, datastoreId: string, manifest: AppManifest) {
  const existing = new Set((await listCollections(db, datastoreId)).map((c) => c.name));
  return manifest.collections.filter((c) => !existing.has(c.name));
}

/**
 * The app's datastore, created on the app's first call with the manifest's collections (as the
 * calling user, who owns them); a collection the manifest gained since is created the same way.
 * One transaction holding the app's row: two first calls at once make one datastore.
 */
export async function appDatastore(
  deps: Pick<PlatformDeps, 'db'>,
  app: { id: string; manifest: AppManifest },
  userId: number,
): Promise<string> {
  const [known] = await deps.db.query<AppRow>('SELECT datastore_id FROM apps WHERE id = $1', [
    app.id,
  ]);
  if (
    known?.datastore_id &&
    !(await missingCollections(deps.db, known.datastore_id, app.manifest)).length
  )
    return known.datastore_id;
  for (const c of app.manifest.collections) {
    if (c.schema) checkSchema(c.schema);
    permissionsOf(c.defaultPermissions);
  }
  return deps.db.transaction(async (tx) => {
    await tx.query('INSERT INTO apps (id) VALUES ($1) ON CONFLICT (id) DO NOTHING', [app.id]);
    const [row] = await tx.query<AppRow>('SELECT datastore_id FROM apps WHERE id = $1 FOR UPDATE', [
      app.id,
    ]);
    let datastoreId = row?.datastore_id;
    if (!datastoreId) {
      const name = app.manifest.datastore ?? app.manifest.name;
      datastoreId = (await createDatastore(tx, name, userId)).id;
      await tx.query('UPDATE apps SET datastore_id = $2 WHERE id = $1', [app.id, datastoreId]);
    }
    for (const c of await missingCollections(tx, datastoreId, app.manifest)) {
      await createCollection(tx, {
        datastoreId,
        name: c.name,
        schema: c.schema ?? { columns: [] },
        syncEnabled: c.syncEnabled ?? false,
        owner: userId,
        defaultPermissions: permissionsOf(c.defaultPermissions),
      });
    }
    return datastoreId;
  });
}

/**
 * A collection of the app's datastore, by name (as the vendor's client names it) or by id; any
 * other collection is out of the app's reach.
 */
export async function appCollection(
  db: Queryable,
  app: { id: string },
  datastoreId: string,
  nameOrId: string,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'SELECT id FROM collections WHERE datastore_id = $1 AND (name = $2 OR id = $2) ORDER BY name = $2 DESC LIMIT 1',
    [datastoreId, nameOrId],
  );
  if (!row) {
    const names = (await listCollections(db, datastoreId)).map((c) => c.name);
    throw notFound(
      `The app ${app.id} has no collection ${nameOrId}${names.length ? ` (its collections: ${names.slice(0, 20).join(', ')})` : ''}`,
    );
  }
  return row.id;
}
