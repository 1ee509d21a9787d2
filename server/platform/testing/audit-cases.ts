import { expect } from 'vitest';
import type { AuditEvent } from '../../../src/api/contract/audit';
import { streamBody } from './streams';
import { v1 } from './workflows';
import type { TestPlatform } from './index';

/** Sample data the cases change (seed/data): a dataset with partitions, a datastore. */
export const SALES = '3b1f7c2e-8a4d-4e6f-9b0a-5c2d1e3f4a10';
export const DATASTORE = '6f1c2a52-5d2e-4c8e-9a51-1b0c1d2e3f40';
export const SECRETS = {
  exportKey: 'AKIAAUDITEXPORTKEY1234',
  exportSecret: 'audit-export-secret-9f8e7d6c',
  exportSession: 'audit-export-session-5a4b3c',
  urlPassword: 'audit-url-pa55word',
  apiKey: 'sk-auditapikey0123456789',
  bearer: 'audit-bearer-value-abcdef',
  prompt: 'the secret prompt text about unicorns',
};

export interface Case {
  action: string;
  objectType: AuditEvent['object']['type'];
  /** Makes the change; answers the object id the event names. */
  act: () => Promise<string>;
  check?: (event: AuditEvent) => void;
}

export interface CaseContext {
  platform: () => TestPlatform;
  /** A request as the administrator that must succeed; its JSON answer. */
  call: (
    path: string,
    init?: RequestInit & { json?: unknown },
  ) => Promise<Record<string, unknown> | undefined>;
  /** Ids one case makes and a later one uses. */
  state: Record<string, string>;
}

/**
 * The activity log's cases: one per recorded action, in an order where each builds on the last
 * (datasets, exports, streams and datastores here; the rest in `fileAndWorkCases`).
 */
export function auditCases({ platform, call, state }: CaseContext): Case[] {
  return [
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
        await call(`/api/tags/v3/DATA_SOURCE/${SALES}/system/CERTIFIED/state`, {
          method: 'DELETE',
        });
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
    ...fileAndWorkCases({ platform, call, state }),
  ];
}

/** Calculated fields, files, tokens, roles, workflows and text generation. */
function fileAndWorkCases({ platform, call, state }: CaseContext): Case[] {
  const workflowCall = async (path: string, json?: unknown, method?: string) => {
    const res = await v1(platform())(path, { json, method });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown>;
  };

  /** A data file's bytes as CSV (an upload or a new revision), expected to succeed. */
  const sendCsv = async (method: string, path: string, body: string) => {
    const res = await platform().api(path, {
      method,
      body,
      headers: {
        'X-SERVICE-Developer-Token': platform().tokens.developer,
        'content-type': 'text/csv',
      },
    });
    expect(res.status).toBe(200);
    return res;
  };

  return [
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
        const res = await sendCsv('POST', '/api/data/v1/data-files?name=audit.csv', 'a,b\n1,2\n');
        state.dataFile = String(((await res.json()) as { dataFileId: number }).dataFileId);
        return state.dataFile;
      },
    },
    {
      action: 'data-file.revised',
      objectType: 'data-file',
      act: async () => {
        await sendCsv('PUT', `/api/data/v1/data-files/${state.dataFile}`, 'a,b\n3,4\n');
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
      action: 'data-file.revision-deleted',
      objectType: 'data-file',
      act: async () => {
        const details = await call(
          `/api/data/v1/data-files/${state.dataFile}/details?expand=revisions`,
        );
        const [newest] = details!.revisions as Array<{ dataFileRevisionId: number }>;
        await call(
          `/api/data/v1/data-files/${state.dataFile}/revisions/${newest!.dataFileRevisionId}`,
          {
            method: 'DELETE',
          },
        );
        return state.dataFile!;
      },
      check: (event) => expect(Object.keys(event.changes)).toEqual(['revision']),
    },
    {
      action: 'user.role-changed',
      objectType: 'user',
      act: async () => {
        // Dev, a Participant, becomes an Editor (Participant then has no user: see below).
        await call('/api/access/v1/users/4/role', { method: 'PUT', json: { role: 'Editor' } });
        return '4';
      },
      check: (event) =>
        expect(event.changes.role).toEqual({ before: 'Participant', after: 'Editor' }),
    },
    {
      action: 'role.grants-changed',
      objectType: 'role',
      act: async () => {
        await call('/api/access/v1/roles/Participant/grants', {
          method: 'PUT',
          json: { grants: ['Workflow API'] },
        });
        return 'Participant';
      },
      check: (event) =>
        expect(event.changes.grants).toEqual({ before: [], after: ['Workflow API'] }),
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
}
