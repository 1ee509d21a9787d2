import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventPage } from '../../../src/api/contract/audit';
import { sampleUsers, type SampleUser } from '../testing/users';
import { nextGrantsChange } from '../people/grant-cache';
import { startTestPlatform, type TestPlatform } from '../testing';
import { FORWARDED_FOR_SIGNATURE, signForwardedFor } from '../../forwarded-for';
import { auditCases, DATASTORE, SALES, SECRETS } from '../testing/audit-cases';
import { recordEvent } from './record';
import { sweepExpiredEvents } from './service';

/** Every recorded action, one table; rollback, refusal and a scan for secrets. */
let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
const state: Record<string, string> = {};

beforeAll(async () => {
  platform = await startTestPlatform({
    env: { STREAMS_ALLOWED_PRIVATE_HOSTS: '127.0.0.1' },
    jobDrainMs: 200,
  });
  as = await sampleUsers(platform);
});
afterAll(() => platform?.close());

async function call(path: string, init: RequestInit & { json?: unknown } = {}, who?: SampleUser) {
  const res = await (who ? as(who, path, init) : platform.api(path, init));
  expect(res.status, `${init.method ?? 'GET'} ${path}: ${await res.clone().text()}`).toBeLessThan(
    300,
  );
  return res.status === 204 ? undefined : ((await res.json()) as Record<string, unknown>);
}

async function events(params: Record<string, string>, who?: SampleUser) {
  const search = new URLSearchParams({ limit: '200', ...params });
  const res = who
    ? await as(who, `/api/audit/v1/events?${search}`)
    : await platform.api(`/api/audit/v1/events?${search}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return auditEventPage.parse(await res.json());
}

const cases = auditCases({ platform: () => platform, call, state });

describe('the activity log', () => {
  it.each(cases)('records $action in the transaction of the change', async (c) => {
    const objectId = await c.act();
    const { events: found } = await events({
      action: c.action,
      objectType: c.objectType,
      objectId,
    });
    expect(found).toHaveLength(1);
    const [event] = found;
    expect(event!.actor.id).toBe(1);
    expect(event!.actor.name).toBe('Ada Admin');
    expect(event!.actor.tokenKind).toMatch(/developer|access/);
    expect(event!.traceId).toMatch(/^[0-9A-F]{24}$/);
    expect(event!.clientAddress).toBeTruthy();
    expect(event!.object.name).not.toBe('');
    c.check?.(event!);
  });

  it('leaves no secret in any event after a journey that used them', async () => {
    const rows = await platform.db.query<{ row: string }>(
      'SELECT row_to_json(e)::text AS row FROM audit_events e',
    );
    const csv = await (await platform.api('/api/audit/v1/events.csv')).text();
    const everything = rows.map((r) => r.row).join('\n') + csv;
    expect(rows.length).toBeGreaterThanOrEqual(cases.length);
    for (const secret of [...Object.values(SECRETS), state.tokenValue!])
      expect(everything, secret).not.toContain(secret);
  });

  it('records nothing for a change that rolls back', async () => {
    const before = await events({ objectType: 'dataset', objectId: SALES });
    const res = await platform.api(`/api/data/v3/datasources/${SALES}/share`, {
      method: 'POST',
      json: {
        permissions: [
          { type: 'USER', id: '2', accessLevel: 'CAN_EDIT' },
          { type: 'USER', id: '3', accessLevel: 'CO_OWNER' },
        ],
      },
    });
    expect(res.status).toBeLessThan(300);
    const shared = await events({ objectType: 'dataset', objectId: SALES });
    expect(shared.events).toHaveLength(before.events.length + 1);
    // As Dev (no access since the share was removed): refused, nothing recorded.
    const refused = await as('dev', `/api/data/v3/datasources/${SALES}/share`, {
      method: 'POST',
      json: { permissions: [{ type: 'USER', id: '4', accessLevel: 'CO_OWNER' }] },
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const after = await events({ objectType: 'dataset', objectId: SALES });
    expect(after.events).toHaveLength(shared.events.length);
    // An event written in a transaction that then fails is gone with the change.
    await expect(
      platform.db.transaction(async (tx) => {
        await tx.query("UPDATE datasets SET name = 'renamed then rolled back' WHERE id = $1", [
          SALES,
        ]);
        await recordEvent(tx, 1, 'dataset.renamed', { type: 'dataset', id: SALES });
        throw new Error('the change fails after it was recorded');
      }),
    ).rejects.toThrow('the change fails');
    expect((await events({ action: 'dataset.renamed' })).events).toEqual([]);
  });

  it('refuses the log to anyone but Admins and holders of the grant, and offers no way to change it', async () => {
    for (const who of ['ben', 'chloe', 'dev'] as const) {
      const res = await as(who, '/api/audit/v1/events');
      expect(res.status, who).toBe(403);
      expect((await as(who, '/api/audit/v1/events.csv')).status, who).toBe(403);
    }
    // Grants are kept in memory: on PostgreSQL the database's NOTIFY of this raw write reaches
    // this process a little after the commit (people/grant-cache.ts); PGlite's before its answer.
    const changed = nextGrantsChange(platform.db);
    await platform.db.query(
      "INSERT INTO user_grants (user_id, grant_name) VALUES (3, 'Read activity log')",
    );
    await changed;
    expect((await events({}, 'chloe')).events.length).toBeGreaterThan(0);
    const [one] = (await events({ limit: '1' })).events;
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST'])
      expect((await platform.api(`/api/audit/v1/events/${one!.id}`, { method })).status).toBe(404);
  });

  it('pages newest first by keyset, filters by actor, time and text, and bounds the page', async () => {
    const all = (await events({})).events;
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await events({ limit: '7', ...(cursor ? { cursor } : {}) });
      seen.push(...page.events.map((e) => e.id));
      cursor = page.next ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
    const times = all.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await events({ q: 'audited renamed' })).events.map((e) => e.action)).toContain(
      'collection.changed',
    );
    expect((await events({ actor: '2' })).events).toEqual([]);
    expect((await events({ from: '2999-01-01T00:00:00Z' })).events).toEqual([]);
    for (const bad of [
      'limit=201',
      'limit=0',
      'cursor=abc',
      'objectType=spaceship',
      'from=yesterday',
    ])
      expect((await platform.api(`/api/audit/v1/events?${bad}`)).status, bad).toBe(400);
  });

  it("records the connection's address, not an X-Forwarded-For the gateway did not sign", async () => {
    const collection = async (name: string, headers: Record<string, string>) => {
      const made = await call(`/api/datastores/v1/${DATASTORE}/collections`, {
        method: 'POST',
        headers: { 'X-SERVICE-Developer-Token': platform.tokens.developer, ...headers },
        json: { name },
      });
      const [event] = (await events({ action: 'collection.created', objectId: String(made!.id) }))
        .events;
      return event!.clientAddress;
    };
    const forged = await collection('forged address', {
      'X-Forwarded-For': '6.6.6.6',
      [FORWARDED_FOR_SIGNATURE]: 'made-up',
    });
    expect(forged).not.toBe('6.6.6.6');
    expect(forged).toMatch(/127\.0\.0\.1/);
    expect(await collection('unsigned address', { 'X-Forwarded-For': '6.6.6.7' })).toMatch(
      /127\.0\.0\.1/,
    );
    // The gateway's own header, signed with the key only it and the platform hold, is believed.
    const signed = signForwardedFor(platform.tokens.developer, '203.0.113.9');
    expect(
      await collection('gateway address', {
        'X-Forwarded-For': '203.0.113.9',
        [FORWARDED_FOR_SIGNATURE]: signed,
      }),
    ).toBe('203.0.113.9');
  });

  it('removes events older than the retention, a few rows a statement, and keeps the rest', async () => {
    const kept = (
      await platform.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_events')
    )[0]!.n;
    await platform.db.query(
      `INSERT INTO audit_events (occurred_at, token_kind, action, object_type, object_id)
       SELECT now() - interval '400 days', 'system', 'old', 'dataset', 'gone-' || n
       FROM generate_series(1, 5) AS n`,
    );
    expect(await sweepExpiredEvents(platform.db, 365, 2)).toBe(5);
    const left = await platform.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_events',
    );
    expect(left[0]!.n).toBe(kept);
  });
});
