import {
  appId,
  appManifest,
  type App,
  type AppCall,
  type AppManifest,
} from '../../../src/api/contract';
import { appChangeWords, decideAppChange, maySeeAppCalls, type AppChange } from '../access/apps';
import { enforce } from '../access/enforce';
import type { Actor, Principal } from '../access/principal';
import { changed, created, recordEvent } from '../audit/record';
import { ADMIN_USER_ID } from '../core/auth';
import { badRequest, conflict, notFound, PlatformError } from '../core/errors';
import { jsonDepth, MAX_JSON_DEPTH, parseWith } from '../core/validate';
import { checkPermissions, checkSchema } from '../datastores/collection-settings';
import { createCollection, createDatastore } from '../datastores/repository';
import type { Principals } from '../people/principals';
import type { Db, Queryable } from '../store';
import { RecentCalls } from './calls';
import {
  appOfCall,
  DeclaredApps,
  manifestProblem,
  MAX_MANIFEST_BYTES,
  type DeclaredApp,
  type UsableApp,
} from './registry';
import {
  appDatastore,
  appDatastores,
  collectionNames,
  collectionOf,
  lockApp,
  removeManifest,
  saveManifest,
  setAppDatastore,
} from './repository';

/** A manifest's body, read by the service once it decided, at most `limit` bytes (413 past it). */
export type ManifestBody = (limit: number) => Promise<Uint8Array>;

const utf8 = new TextDecoder();

/** `defaultPermissions: ["read", "read_content"]` as a collection keeps them ("READ,READ_CONTENT"). */
const permissionsOf = (names: string[] | undefined) => {
  if (!names?.length) return null;
  const text = names.map((name) => name.trim().toUpperCase()).join(',');
  checkPermissions(text);
  return text;
};

async function missingCollections(db: Queryable, datastoreId: string, manifest: AppManifest) {
  const existing = new Set(await collectionNames(db, datastoreId));
  return manifest.collections.filter((c) => !existing.has(c.name));
}

/**
 * The user an app's datastore and collections belong to: the Admin who registered its manifest,
 * or, for a manifest file (which no user declares), the user the platform's configured tokens act
 * as. Never a caller: other users get what the manifest's `defaultPermissions` give them.
 */
const ownerOf = (app: DeclaredApp) => app.declaredBy ?? ADMIN_USER_ID;

/**
 * Custom apps: the declared apps (manifest files under DATA_DIR/apps and registrations), what
 * each shows to whom, the app a call is for, and the app's datastore with the manifest's
 * collections. An app path acts as its caller through the other areas' services; this service
 * only tells it which app, datastore and collections the call may name.
 */
export class AppService {
  readonly #declared: DeclaredApps;
  readonly #calls = new RecentCalls();

  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
    dataDir: string,
  ) {
    this.#declared = new DeclaredApps(db, dataDir);
  }

  /** Every declared app; its recent calls only to those who may see them (access/apps.ts). */
  async list(actor: Actor): Promise<App[]> {
    const principal = await this.principals.of(actor);
    const [apps, datastores] = await Promise.all([this.#declared.all(), appDatastores(this.db)]);
    return apps.map((app) => this.#shown(principal, app, datastores.get(app.id)));
  }

  async get(actor: Actor, id: string): Promise<App> {
    const principal = await this.principals.of(actor);
    const app = (await this.#declared.all()).find((candidate) => candidate.id === id);
    if (!app) throw notFound(`No app ${id} is declared`);
    return this.#shown(principal, app, await appDatastore(this.db, app.id));
  }

  /**
   * Registers or replaces an app's manifest (Admins), at most 64 KiB. A manifest file of the same
   * id wins, so the API refuses that id rather than keep a registration nobody would see.
   */
  async register(actor: Actor, id: string, body: ManifestBody): Promise<App> {
    const principal = await this.#mayChange(actor, 'register');
    parseWith(appId, id, 'id');
    const raw = parseManifest(id, await readManifest(id, body));
    const problem = manifestProblem(id, raw);
    if (problem) throw badRequest(problem);
    const existing = (await this.#declared.all()).find((candidate) => candidate.id === id);
    if (existing?.source === 'file')
      throw conflict(`The app ${id} is declared by its manifest file; change the file instead`);
    const manifest = appManifest.parse(raw);
    const summary = (m: AppManifest, declaredBy: number | null) => ({
      name: m.name,
      version: m.version ?? null,
      collections: m.collections.map((c) => c.name),
      workflows: m.workflowMapping.map((w) => w.alias),
      declaredBy,
    });
    await this.db.transaction(async (tx) => {
      await saveManifest(tx, id, manifest, actor.userId);
      const after = summary(manifest, actor.userId);
      await recordEvent(
        tx,
        actor.userId,
        'app.registered',
        { type: 'app', id, name: manifest.name },
        existing?.manifest
          ? changed(summary(existing.manifest, existing.declaredBy), after)
          : created(after),
      );
    });
    return this.#shown(
      principal,
      (await this.#declared.all()).find((candidate) => candidate.id === id)!,
      await appDatastore(this.db, id),
    );
  }

  /**
   * Forgets an app's registration (Admins). Its datastore and documents stay: registering the app
   * again finds them.
   */
  async remove(actor: Actor, id: string): Promise<void> {
    await this.#mayChange(actor, 'remove');
    const existing = (await this.#declared.all()).find((candidate) => candidate.id === id);
    if (existing?.source === 'file')
      throw conflict(`The app ${id} is declared by its manifest file; remove the file instead`);
    const gone = await this.db.transaction(async (tx) => {
      const removed = await removeManifest(tx, id);
      if (removed)
        await recordEvent(tx, actor.userId, 'app.removed', {
          type: 'app',
          id,
          name: existing?.manifest?.name ?? null,
        });
      return removed;
    });
    if (!gone) throw notFound(`No app ${id} is registered`);
  }

  /**
   * The app a call is for (every user may call an app: what it reaches decides the rest): the one
   * `named` (its X-App-Id), or the only one declared.
   */
  async open(_actor: Actor, named: string | undefined): Promise<UsableApp> {
    return appOfCall(await this.#declared.all(), named);
  }

  /**
   * The app's datastore, made at its first call with the manifest's collections (a collection the
   * manifest gained since, at the next call), owned by the app's declaring Admin (`ownerOf`),
   * whoever the calling user is. One transaction holding the app's row: two first calls at once
   * make one datastore.
   */
  async datastore(_actor: Actor, app: UsableApp): Promise<string> {
    const known = await appDatastore(this.db, app.id);
    if (known && !(await missingCollections(this.db, known, app.manifest)).length) return known;
    for (const c of app.manifest.collections) {
      if (c.schema) checkSchema(c.schema);
      permissionsOf(c.defaultPermissions);
    }
    const owner = ownerOf(app);
    return this.db.transaction(async (tx) => {
      let datastoreId = await lockApp(tx, app.id);
      if (!datastoreId) {
        datastoreId = (
          await createDatastore(tx, app.manifest.datastore ?? app.manifest.name, owner)
        ).id;
        await setAppDatastore(tx, app.id, datastoreId);
      }
      for (const c of await missingCollections(tx, datastoreId, app.manifest)) {
        const defaultPermissions = permissionsOf(c.defaultPermissions);
        const made = await createCollection(tx, {
          datastoreId,
          name: c.name,
          schema: c.schema ?? { columns: [] },
          syncEnabled: c.syncEnabled ?? false,
          owner,
          defaultPermissions,
        });
        // The platform makes it for the app, as its manifest says.
        await recordEvent(
          tx,
          null,
          'collection.created',
          { type: 'collection', id: made.id, name: made.name, parent: datastoreId },
          created({ app: app.id, owner, defaultPermissions }),
        );
      }
      return datastoreId;
    });
  }

  /**
   * A collection of the app's datastore, by name (as the vendor's client names it) or by id; any
   * other collection is out of the app's reach (404 naming the app's collections).
   */
  async collection(actor: Actor, app: UsableApp, nameOrId: string): Promise<string> {
    const datastoreId = await this.datastore(actor, app);
    const id = await collectionOf(this.db, datastoreId, nameOrId);
    if (id) return id;
    const names = await collectionNames(this.db, datastoreId);
    throw notFound(
      `The app ${app.id} has no collection ${nameOrId}${names.length ? ` (its collections: ${names.slice(0, 20).join(', ')})` : ''}`,
    );
  }

  /** Keeps one call of the app, as its caller made it, for the app's recent calls. */
  record(_actor: Actor, app: Pick<UsableApp, 'id'>, call: AppCall): void {
    this.#calls.record(app.id, call);
  }

  async #mayChange(actor: Actor, change: AppChange): Promise<Principal> {
    const principal = await this.principals.of(actor);
    enforce(
      decideAppChange(principal),
      () => notFound('No such app'),
      (needed) => `You need ${needed} to ${appChangeWords[change]}`,
    );
    return principal;
  }

  #shown(principal: Principal, app: DeclaredApp, datastoreId: string | undefined): App {
    return {
      id: app.id,
      source: app.source,
      ...(app.manifest ? { manifest: app.manifest } : {}),
      ...(app.problem ? { problem: app.problem } : {}),
      datastoreId: datastoreId ?? null,
      recentCalls: maySeeAppCalls(principal, app) ? this.#calls.of(app.id) : [],
    };
  }
}

async function readManifest(id: string, body: ManifestBody): Promise<string> {
  try {
    return utf8.decode(await body(MAX_MANIFEST_BYTES));
  } catch (error) {
    if (error instanceof PlatformError && error.status === 413)
      throw new PlatformError(
        413,
        `The manifest of app ${id} is larger than 64 KiB (${MAX_MANIFEST_BYTES} bytes)`,
      );
    throw error;
  }
}

function parseManifest(id: string, text: string): unknown {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw badRequest(`The manifest of app ${id} is not valid JSON`);
  }
  if (jsonDepth(raw) > MAX_JSON_DEPTH)
    throw badRequest(`The manifest of app ${id} is nested deeper than ${MAX_JSON_DEPTH} levels`);
  return raw;
}
