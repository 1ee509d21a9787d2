import type { ChannelWatch, Signals } from '../jobs/signals';
import type { Db, Queryable } from '../store';

/** The channel migration 195's triggers NOTIFY (payload: the schema) when what a user holds changes. */
export const GRANTS_CHANNEL = 'platform_grants';
/** The users whose grants one process keeps, at most; the least recently asked go first. */
export const GRANT_CACHE_USERS = 10_000;

/** A user's grants, sorted; none for a user who does not exist. */
export type HeldGrants = readonly string[];
type Read = (userIds: number[]) => Promise<Map<number, HeldGrants>>;

/**
 * What the users of one store hold, in this process, so that the check on every /v1 request sends
 * no statement. Forgotten whenever the database says grants changed (`forget`), and not used at
 * all while the news could be missed (`trust(false)`). A read that began before a `forget` is
 * answered but not kept (`generation`), so a slow read never brings back what was forgotten.
 */
class GrantCache {
  private readonly held = new Map<number, HeldGrants>();
  private readonly reading = new Map<number, Promise<HeldGrants>>();
  private generation = 0;
  private trusted = false;
  private readonly forgotten = new Set<() => void>();

  trust(up: boolean) {
    this.trusted = up;
    this.forget();
  }

  forget() {
    this.generation++;
    this.held.clear();
    this.reading.clear();
    for (const fn of this.forgotten) fn();
    this.forgotten.clear();
  }

  /** Resolves at the next `forget` (at once when nothing is kept). */
  nextForget() {
    if (!this.trusted) return Promise.resolve();
    return new Promise<void>((resolve) => this.forgotten.add(resolve));
  }

  /** The grants of `userIds`, reading those not kept with `read`; undefined when not trusted. */
  async of(userIds: number[], read: Read): Promise<Map<number, HeldGrants> | undefined> {
    if (!this.trusted) return undefined;
    const found = new Map<number, HeldGrants | Promise<HeldGrants>>();
    const missing: number[] = [];
    for (const id of new Set(userIds)) {
      const held = this.held.get(id);
      if (held) {
        // Asked again: the last to go.
        this.held.delete(id);
        this.held.set(id, held);
      }
      const known = held ?? this.reading.get(id);
      if (known === undefined) missing.push(id);
      else found.set(id, known);
    }
    if (missing.length) {
      const generation = this.generation;
      const all = read(missing);
      for (const id of missing) {
        const one = all.then((grants) => grants.get(id) ?? []);
        void one.catch(() => undefined); // its failure is the caller's, once
        this.reading.set(id, one);
        found.set(id, one);
      }
      void all.then(
        (grants) => {
          if (generation !== this.generation) return;
          for (const id of missing) {
            this.reading.delete(id);
            this.keep(id, grants.get(id) ?? []);
          }
        },
        () => {
          if (generation === this.generation) for (const id of missing) this.reading.delete(id);
        },
      );
    }
    const answers = new Map<number, HeldGrants>();
    for (const [id, grants] of found) answers.set(id, await grants);
    return answers;
  }

  private keep(id: number, grants: HeldGrants) {
    this.held.set(id, grants);
    if (this.held.size > GRANT_CACHE_USERS) this.held.delete(this.held.keys().next().value!);
  }
}

const caches = new WeakMap<Queryable, GrantCache>();

/**
 * The grants of `userIds` through `db`'s cache when `watchGrants` set one up for it and it is
 * trusted; undefined otherwise (a transaction's statements, a store nobody watches): the caller
 * reads the database.
 */
export const cachedGrants = async (db: Queryable, userIds: number[], read: Read) =>
  caches.get(db)?.of(userIds, read);

/**
 * Keeps grants in memory for `db`, forgotten on each change the database announces: on PGlite
 * through the store's thread, which delivers the NOTIFY before the answer of the write that
 * sent it (so the write's caller already finds it forgotten); on PostgreSQL on `signals`'
 * LISTEN connection, within milliseconds, and not trusted while that connection is down.
 */
export async function watchGrants(db: Db, signals: Signals) {
  const cache = new GrantCache();
  caches.set(db, cache);
  if (db.listen) {
    await db.listen(GRANTS_CHANNEL, () => cache.forget());
    cache.trust(true);
    return;
  }
  const [own] = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  await signals.watch({
    channel: GRANTS_CHANNEL,
    notify: (schema) => {
      if (schema === own?.schema) cache.forget();
    },
    listening: (up) => cache.trust(up),
  } satisfies ChannelWatch);
}

/**
 * For code that changed grants in this process: forgets them at once (on PostgreSQL the
 * database's NOTIFY reaches this process a little later).
 */
export const forgetGrants = (db: Queryable) => caches.get(db)?.forget();

/**
 * Resolves once `db`'s cache next forgets (at once when it keeps nothing): a test that writes
 * grants with raw SQL on PostgreSQL waits for it before it checks.
 */
export const nextGrantsChange = (db: Queryable) =>
  caches.get(db)?.nextForget() ?? Promise.resolve();
