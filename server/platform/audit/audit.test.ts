import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEventPage, type AuditEvent } from '../../../src/api/contract/audit';
import { recordEvent } from './record';
import { sampleUsers, type SampleUser } from '../access/test-users';
import { streamBody } from '../streams/test-support';
import { startTestPlatform, type TestPlatform } from '../testing';
import { v1 } from '../workflows/test-support';

/** Issue 27: every recorded action, one table; rollback, refusal and a scan for secrets. */
const SALES = '3b1f7c2e-8a4d-4e6f-9b0a-5c2d1e3f4a10';
const DATASTORE = '6f1c2a52-5d2e-4c8e-9a51-1b0c1d2e3f40';
const SECRETS = {
  exportKey: 'AKIAAUDITEXPORTKEY1234',
  exportSecret: 'audit-export-secret-9f8e7d6c',
  exportSession: 'audit-export-session-5a4b3c',
  urlPassword: 'audit-url-pa55word',
  apiKey: 'sk-auditapikey0123456789',
  bearer: 'audit-bearer-value-abcdef',
  prompt: 'the secret prompt text about unicorns',
};

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

const workflowCall = async (path: string, json?: unknown, method?: string) => {
  const res = await v1(platform)(path, { json, method });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as Record<string, unknown>;
};

interface Case {
  action: string;
  objectType: AuditEvent['object']['type'];
  /** Makes the change; answers the object id the event names. */
  act: () => Promise<string>;
  check?: (event: AuditEvent) => void;
}

const cases: Case[] = [
  {
    action: 'dataset.shared',
    objectType: 'dataset',
    act: async () => {
      await call(`/api/data/v3/datasources/${SALES}/share`, {
        method: 'POST',
        json: { permissions: [{ type: 'USER', id: '4', accessLevel: 'CAN_SHARE' }] },
      });
      return SALES;
    },
    check: (e) => expect(e.changes['USER:4']).toEqual({ after: 'CAN_SHARE' }),
  },
  {
    action: 'dataset.access-changed',
    objectType: 'dataset',
    act: async () => {
      await call(`/api/data/v3/datasources/${SALES}/share`, {
        method: 'POST',
        json: { permissions: [{ type: 'USER', id: '4', accessLevel: 'CAN_EDIT' }] },
      });
      return SALES;
    },
    check: (e) => expect(e.changes['USER:4']).toEqual({ before: 'CAN_SHARE', after: 'CAN_EDIT' }),
  },
  {
    action: 'dataset.access-removed',
    objectType: 'dataset',
    act: async () => {
      await call(`/api/data/v3/datasources/${SALES}/permissions/USER/4`, { method: 'DELETE' });
      return SALES;
    },
  },
  {
    action: 'certified',
    objectType: 'dataset',
    act: async () => {
      await call(`/api/tags/v3/DATA_SOURCE/${SALES}/system/CERTIFIED/state/ACTIVE`, {
        method: 'PUT',
      });
      return SALES;
    },
  },
  {
    action: 'uncertified',
    objectType: 'dataset',
    act: async () => {
      await call(`/api/tags/v3/DATA_SOURCE/${SALES}/system/CERTIFIED/state`, { method: 'DELETE' });
      return SALES;
    },
  },
  {
    action: 'partition.deleted',
    objectType: 'partition',
    act: async () => {
      await call(`/api/query/v1/datasources/${SALES}/partition/2026-10-28`, { method: 'DELETE' });
      return `${SALES}/2026-10-28`;
    },
  },
  {
    action: 'export.started',
    objectType: 'export',
    act: async () => {
      const row = await call(`/api/query/v1/export/${SALES}`, {
        method: 'POST',
        json: {
          bucket: 'audit-bucket',
          awsAccessKey: SECRETS.exportKey,
          awsAccessSecret: SECRETS.exportSecret,
          sessionToken: SECRETS.exportSession,
        },
      });
      return String(row!.exportId);
    },
  },
  {
    action: 'stream.created',
    objectType: 'stream',
    act: async () => {
      const url = `http://reader:${SECRETS.urlPassword}@127.0.0.1:9/cities.csv`;
      const created = await call('/api/data/v1/streams', {
        method: 'POST',
        json: streamBody('http-csv', { url, apiKey: SECRETS.apiKey }),
      });
      state.stream = String(created!.id);
      return state.stream;
    },
  },
  {
    action: 'stream.run',
    objectType: 'stream',
    act: async () => {
      await call(`/api/data/v1/streams/${state.stream}/executions`, {
        method: 'POST',
        json: { runType: 'MANUAL' },
      });
      return state.stream!;
    },
  },
  {
    action: 'collection.created',
    objectType: 'collection',
    act: async () => {
      const made = await call(`/api/datastores/v1/${DATASTORE}/collections`, {
        method: 'POST',
        json: { name: 'audited' },
      });
      state.collection = String(made!.id);
      return state.collection;
    },
  },
  {
    action: 'collection.changed',
    objectType: 'collection',
    act: async () => {
      await call(`/api/datastores/v1/collections/${state.collection}`, {
        method: 'PUT',
        json: { name: 'audited renamed' },
      });
      return state.collection!;
    },
    check: (e) => expect(e.changes.name).toEqual({ before: 'audited', after: 'audited renamed' }),
  },
  {
    action: 'collection.permission-granted',
    objectType: 'collection',
    act: async () => {
      await call(
        `/api/datastores/v1/collections/${state.collection}/permission/USER/3?permissions=READ`,
        {
          method: 'PUT',
        },
      );
      return state.collection!;
    },
  },
  {
    action: 'collection.permission-revoked',
    objectType: 'collection',
    act: async () => {
      await call(`/api/datastores/v1/collections/${state.collection}/permission/USER/3`, {
        method: 'DELETE',
      });
      return state.collection!;
    },
  },
  {
    action: 'documents.created',
    objectType: 'collection',
    act: async () => {
      await call(`/api/datastores/v2/collections/${state.collection}/documents/bulk`, {
        method: 'POST',
        json: Array.from({ length: 600 }, (_, n) => ({ content: { n } })),
      });
      return state.collection!;
    },
    check: (e) => expect(e.changes.count).toEqual({ after: 600 }),
  },
  {
    action: 'documents.deleted',
    objectType: 'collection',
    act: async () => {
      const [doc] = (await call(
        `/api/datastores/v2/collections/${state.collection}/documents?limit=1`,
      )) as unknown as Array<{ id: string }>;
      await call(`/api/datastores/v2/collections/${state.collection}/documents/${doc!.id}`, {
        method: 'DELETE',
      });
      return state.collection!;
    },
    check: (e) => expect(e.changes.count).toEqual({ after: 1 }),
  },
  {
    action: 'collection.deleted',
    objectType: 'collection',
    act: async () => {
      await call(`/api/datastores/v1/collections/${state.collection}`, { method: 'DELETE' });
      return state.collection!;
    },
  },
  ...(['field.unlocked', 'field.edited', 'field.locked'] as const).map((action): Case => ({
    action,
    objectType: 'calculated-field',
    act: async () => {
      const json =
        action === 'field.edited'
          ? { expression: 'SUM(`units`)' }
          : { locked: action === 'field.locked' };
      const field = await call('/api/query/v1/functions/template/1', { method: 'PUT', json });
      return String(field!.id);
    },
  })),
  {
    action: 'data-file.uploaded',
    objectType: 'data-file',
    act: async () => {
      const res = await platform.api('/api/data/v1/data-files?name=audit.csv', {
        method: 'POST',
        body: 'a,b\n1,2\n',
        headers: {
          'X-SERVICE-Developer-Token': platform.tokens.developer,
          'content-type': 'text/csv',
        },
      });
      expect(res.status).toBe(200);
      state.dataFile = String(((await res.json()) as { dataFileId: number }).dataFileId);
      return state.dataFile;
    },
  },
  {
    action: 'data-file.revised',
    objectType: 'data-file',
    act: async () => {
      const res = await platform.api(`/api/data/v1/data-files/${state.dataFile}`, {
        method: 'PUT',
        body: 'a,b\n3,4\n',
        headers: {
          'X-SERVICE-Developer-Token': platform.tokens.developer,
          'content-type': 'text/csv',
        },
      });
      expect(res.status).toBe(200);
      return state.dataFile!;
    },
  },
  {
    action: 'fileset.file-uploaded',
    objectType: 'fileset',
    act: async () => {
      const list = (await call('/api/files/v1/filesets/search', {
        method: 'POST',
        json: {},
      })) as unknown as { fileSets: Array<{ id: string }> };
      const filesetId = list.fileSets[0]!.id;
      const form = new FormData();
      form.append('file', new Blob(['# audit'], { type: 'text/markdown' }), 'audit.md');
      await call(`/api/files/v1/filesets/${filesetId}/files`, { method: 'POST', body: form });
      return filesetId;
    },
  },
  {
    action: 'token.minted',
    objectType: 'token',
    act: async () => {
      const made = await call('/api/data/v1/accesstokens', {
        method: 'POST',
        json: { name: 'audit token', ownerId: 2 },
      });
      state.token = String(made!.id);
      state.tokenValue = String(made!.token);
      return state.token;
    },
  },
  {
    action: 'token.revoked',
    objectType: 'token',
    act: async () => {
      await call(`/api/data/v1/accesstokens/${state.token}`, { method: 'DELETE' });
      return state.token!;
    },
  },
  {
    action: 'workflow.created',
    objectType: 'workflow',
    act: async () => {
      const made = await workflowCall('/v1/workflows', {
        name: 'audited workflow',
        definition: {
          steps: [
            {
              id: 'call',
              type: 'http',
              name: 'Call',
              method: 'GET',
              url: 'https://example.com/hook',
              headers: { 'x-api-key': SECRETS.apiKey, authorization: `Bearer ${SECRETS.bearer}` },
            },
          ],
        },
      });
      state.workflow = String(made.id);
      return state.workflow;
    },
  },
  {
    action: 'workflow.changed',
    objectType: 'workflow',
    act: async () => {
      await workflowCall(
        `/v1/workflows/${state.workflow}`,
        {
          definition: { steps: [{ id: 'w', type: 'wait', name: 'Wait', seconds: 60 }] },
        },
        'PUT',
      );
      return state.workflow!;
    },
  },
  {
    action: 'workflow.run',
    objectType: 'workflow',
    act: async () => {
      const run = await workflowCall(`/v1/workflows/${state.workflow}/runs`, {});
      state.run = String(run.id);
      return state.workflow!;
    },
  },
  {
    action: 'workflow.canceled',
    objectType: 'workflow',
    act: async () => {
      await workflowCall(`/v1/workflows/runs/${state.run}/cancel`, undefined, 'POST');
      return state.workflow!;
    },
  },
  {
    action: 'generation.run',
    objectType: 'generation',
    act: async () => {
      const answer = await call('/api/ai/v1/text/generation', {
        method: 'POST',
        json: { input: SECRETS.prompt },
      });
      return String(answer!.sessionId);
    },
    check: (e) => expect(Object.keys(e.changes)).toContain('totalTokens'),
  },
];

describe('the activity log (issue 27)', () => {
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
    await platform.db.query(
      "INSERT INTO user_grants (user_id, grant_name) VALUES (3, 'Read activity log')",
    );
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
});
