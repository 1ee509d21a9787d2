import { expect } from 'vitest';
import { streamBody } from '../streams/test-support';
import { moreAuditCases } from './test-cases-more';
import { DATASTORE, SALES, SECRETS, type Case, type CaseContext } from './test-support';

/** Issue 27: one case per recorded action, in an order where each builds on the last. */
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
    ...moreAuditCases({ platform, call, state }),
  ];
}
