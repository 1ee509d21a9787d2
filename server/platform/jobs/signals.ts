import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { Queryable } from '../store';

/**
 * The payload of a wake whose writer kept what it wrote in this process (workflows/journal.ts):
 * a live read may send it from there instead of reading the store.
 */
export const JOURNALED = 'journal';

/** The topic of queued work of one kind (jobs/queue.ts): every process that runs the kind listens. */
export const jobsTopic = (kind: string) => `jobs:${kind}`;

/** What `Signals.watch` tells of a channel that the database itself NOTIFYs. */
export interface ChannelWatch {
  channel: string;
  notify(payload: string): void;
  listening(up: boolean): void;
}

/**
 * Wakes whoever waits on a topic (`jobs:<kind>`, `run:<id>`, `job:<id>`): in this process through an
 * EventEmitter, and in the other processes of one PostgreSQL through LISTEN/NOTIFY on one
 * channel per schema. A process ignores its own notifications (it has already emitted them).
 * A wake is only a hint: a listener reads the database after it, so a lost one costs a delay.
 */
export class Signals {
  readonly owner = randomUUID();
  private readonly emitter = new EventEmitter();
  private client: pg.Client | undefined;
  private closed = false;
  private readonly watches = new Set<ChannelWatch>();

  constructor(readonly channel: string | undefined = undefined) {
    this.emitter.setMaxListeners(0);
  }

  /** On PostgreSQL, a LISTEN connection of its own; reconnects when it drops. */
  static async open(databaseUrl: string | undefined, schema?: string) {
    if (!databaseUrl) return new Signals();
    const signals = new Signals(channelOf(schema));
    await signals.listen(databaseUrl);
    return signals;
  }

  private async listen(databaseUrl: string) {
    // Loaded here, for PostgreSQL only: a PGlite process never holds the driver.
    const { default: driver } = await import('pg');
    const client = new driver.Client({ connectionString: databaseUrl });
    client.on('error', () => undefined);
    client.on('notification', (message) => {
      const text = message.payload ?? '';
      if (message.channel !== this.channel) {
        for (const watch of this.watches) if (watch.channel === message.channel) watch.notify(text);
        return;
      }
      const space = text.indexOf(' ');
      if (space < 0 || text.slice(0, space) === this.owner) return;
      this.emitter.emit(text.slice(space + 1));
    });
    client.on('end', () => {
      if (this.client === client) this.client = undefined;
      for (const watch of this.watches) watch.listening(false);
      if (this.closed) return;
      // Dropped: listen again shortly; meanwhile the timed claims and reads go on.
      const retry = setTimeout(() => void this.listen(databaseUrl).catch(() => undefined), 1000);
      retry.unref();
      // What happened while it was down is unknown: wake every waiter once.
      for (const name of this.emitter.eventNames()) this.emitter.emit(name);
    });
    await client.connect();
    await client.query(`LISTEN "${this.channel}"`);
    this.client = client;
    for (const watch of this.watches) await this.listenFor(watch, client);
  }

  /**
   * A channel the database itself NOTIFYs (a trigger's), heard on the same connection: `notify`
   * with each payload, `listening(false)` when the connection drops (what is sent meanwhile is
   * missed), `listening(true)` once it listens (again). Resolves once it listens, when it can.
   */
  async watch(watch: ChannelWatch) {
    this.watches.add(watch);
    if (this.client) await this.listenFor(watch, this.client);
    return () => void this.watches.delete(watch);
  }

  private async listenFor(watch: ChannelWatch, client: pg.Client) {
    try {
      await client.query(`LISTEN "${watch.channel}"`);
    } catch {
      return; // the connection is going: its 'end' listens again
    }
    if (this.client === client && this.watches.has(watch)) watch.listening(true);
  }

  /**
   * Calls `fn` on each wake of `topic`, with the payload of a wake published in this process
   * (none from another process); returns the unsubscribe.
   */
  on(topic: string, fn: (payload?: string) => void) {
    this.emitter.on(topic, fn);
    return () => void this.emitter.off(topic, fn);
  }

  /**
   * Inside the transaction that writes the change: the other processes are told on commit
   * (NOTIFY is transactional). This process is told by `emit` once the caller has committed.
   */
  async notifyIn(tx: Queryable, topic: string) {
    if (this.channel)
      await tx.query('SELECT pg_notify($1, $2)', [this.channel, `${this.owner} ${topic}`]);
  }

  /**
   * After a commit: this process at once, the others by a NOTIFY of its own. `payload` goes to
   * this process's listeners only (what it says is known here; the others read the database).
   */
  publish(topic: string, { others = true, payload }: { others?: boolean; payload?: string } = {}) {
    this.emitter.emit(topic, payload);
    if (others && this.client && this.channel)
      void this.client
        .query('SELECT pg_notify($1, $2)', [this.channel, `${this.owner} ${topic}`])
        .catch(() => undefined);
  }

  async close() {
    this.closed = true;
    this.watches.clear();
    this.emitter.removeAllListeners();
    await this.client?.end().catch(() => undefined);
  }
}

/** One channel per schema: platforms in schemas of one database (tests) do not wake each other. */
export const channelOf = (schema?: string) =>
  `platform_events${schema ? `_${schema.replace(/[^a-zA-Z0-9_]/g, '').slice(0, 40)}` : ''}`;
