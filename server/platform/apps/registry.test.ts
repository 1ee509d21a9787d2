import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Queryable } from '../store';
import { DeclaredApps } from './registry';

/**
 * Every app call reads the declared apps: they are kept in memory until one changes, so a call
 * costs one small statement, not every manifest read and parsed again.
 */
function fakeStore() {
  const store = {
    version: 1,
    manifests: [{ id: 'tips', manifest: { name: 'Tips', collections: [{ name: 'tips' }] } }],
    rowReads: 0,
  };
  const db: Queryable = {
    query<T>(sql: string): Promise<T[]> {
      if (sql.includes('app_manifests_version'))
        return Promise.resolve([{ version: store.version }] as T[]);
      store.rowReads += 1;
      return Promise.resolve(store.manifests.map((m) => ({ ...m, declared_by: 1 })) as T[]);
    },
  };
  return { store, db };
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the declared apps', () => {
  it('reads the registered manifests again only when their version moved', async () => {
    const { store, db } = fakeStore();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'declared-apps-'));
    folders.push(dataDir);
    const apps = new DeclaredApps(db, dataDir);
    for (let i = 0; i < 5; i++) expect((await apps.all()).map((a) => a.id)).toEqual(['tips']);
    expect(store.rowReads).toBe(1);

    store.manifests.push({
      id: 'votes',
      manifest: { name: 'Votes', collections: [{ name: 'v' }] },
    });
    store.version += 1;
    expect((await apps.all()).map((a) => a.id)).toEqual(['tips', 'votes']);
    expect(store.rowReads).toBe(2);
  });

  it('reads a manifest file again when it changed, not before', async () => {
    const { db } = fakeStore();
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'declared-apps-'));
    folders.push(dataDir);
    const file = path.join(dataDir, 'apps', 'notes', 'manifest.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ name: 'Notes', collections: [{ name: 'notes' }] }));
    const apps = new DeclaredApps(db, dataDir);
    const first = (await apps.all()).find((a) => a.id === 'notes');
    expect(first?.manifest?.name).toBe('Notes');
    // The same object while the file is unchanged: it was not read and parsed again.
    expect((await apps.all()).find((a) => a.id === 'notes')).toBe(first);

    writeFileSync(
      file,
      JSON.stringify({ name: 'Notes, renamed', collections: [{ name: 'notes' }] }),
    );
    expect((await apps.all()).find((a) => a.id === 'notes')?.manifest?.name).toBe('Notes, renamed');
  });
});
