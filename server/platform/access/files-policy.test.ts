import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessage } from '../../../src/api/contract';
import { dataFileAccess, filesetAccess } from '../../../src/api/contract/file-access';
import { SALES_DATASET_ID as SALES } from '../seed/datasets';
import { SAMPLE_FILESETS } from '../seed/filesets';
import { startTestPlatform, type TestPlatform } from '../testing';
import { sampleUsers, type SampleUser } from '../testing/users';

// Data files: read and changed by their responsible user and Admins. Fileset files:
// read by every user, uploaded and deleted by the fileset's owner and Admins (seed: Product
// manuals is Chloe's, Support runbooks Dev's, Policies Ada's). Outbox: each user his own mail.
let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
const dataFiles: Record<string, number> = {};
const [manuals, runbooks, policies] = SAMPLE_FILESETS.map((f) => f.id) as [string, string, string];
const filesets: Record<string, string> = {
  manuals,
  runbooks,
  policies,
  unknown: 'no-such-fileset',
};

beforeAll(async () => {
  platform = await startTestPlatform();
  as = await sampleUsers(platform);
  const seeded = (await (await as('ada', '/api/data/v1/data-files/details')).json()) as Array<{
    dataFileId: number;
  }>;
  dataFiles.ada = seeded[0]!.dataFileId;
  const res = await as('chloe', '/api/data/v1/data-files?name=chloe-private.csv', {
    method: 'POST',
    body: 'secret\n42\n',
    contentType: 'text/csv',
  });
  dataFiles.chloe = ((await res.json()) as { dataFileId: number }).dataFileId;
});
afterAll(() => platform.close());

const dataFile = (id: number) => `/api/data/v1/data-files/${id}`;
const dataFileOps: Record<
  string,
  (id: number) => [string, RequestInit & { contentType?: string }]
> = {
  details: (id) => [`${dataFile(id)}/details?expand=revisions`, {}],
  download: (id) => [dataFile(id), {}],
  'download a revision': (id) => [`${dataFile(id)}/revisions/1`, {}],
  'new revision': (id) => [
    dataFile(id),
    { method: 'PUT', body: 'replaced\n1\n', contentType: 'text/csv' },
  ],
  'access answer': (id) => [`/api/access/v1/data-files/${id}`, {}],
  permissions: (id) => [`${dataFile(id)}/permissions`, {}],
  // Revision 1 is the seed's first file's; another user's file has none by that id: 404 either way.
  'delete a revision': (id) => [`${dataFile(id)}/revisions/1`, { method: 'DELETE' }],
};

// user × data file × operation → status (404: the file is not revealed)
const dataFileTable: Array<[SampleUser, string, string, number]> = [
  ['chloe', 'chloe', 'details', 200],
  ['chloe', 'chloe', 'download', 200],
  ['chloe', 'chloe', 'new revision', 200],
  ['chloe', 'chloe', 'access answer', 200],
  ['ada', 'chloe', 'details', 200],
  ['ada', 'chloe', 'new revision', 200],
  ['dev', 'chloe', 'details', 404],
  ['dev', 'chloe', 'download', 404],
  ['dev', 'chloe', 'new revision', 404],
  ['dev', 'chloe', 'access answer', 404],
  ['eve', 'chloe', 'download', 404],
  ['ben', 'ada', 'details', 404],
  ['ben', 'ada', 'download a revision', 404],
  ['chloe', 'ada', 'new revision', 404],
  ['chloe', 'ada', 'access answer', 404],
  ['chloe', 'chloe', 'permissions', 200],
  ['dev', 'chloe', 'permissions', 404],
  ['dev', 'chloe', 'delete a revision', 404],
  ['chloe', 'ada', 'delete a revision', 404],
];

describe('data files', () => {
  it("deleting a revision: the responsible user's own; the newest left is current; the last deletes the file", async () => {
    const created = await as('eve', '/api/data/v1/data-files?name=eve-notes.txt', {
      method: 'POST',
      body: 'first\n',
      contentType: 'text/plain',
    });
    const id = ((await created.json()) as { dataFileId: number }).dataFileId;
    const second = await as('eve', dataFile(id), {
      method: 'PUT',
      body: 'second\n',
      contentType: 'text/plain',
    });
    const { revisionId } = (await second.json()) as { revisionId: number };
    expect(
      (await as('dev', `${dataFile(id)}/revisions/${revisionId}`, { method: 'DELETE' })).status,
    ).toBe(404);
    const dropped = await as('eve', `${dataFile(id)}/revisions/${revisionId}`, {
      method: 'DELETE',
    });
    expect(await dropped.json()).toEqual({ fileDeleted: false });
    expect(await (await as('eve', dataFile(id))).text()).toBe('first\n');
    const permissions: unknown = await (await as('eve', `${dataFile(id)}/permissions`)).json();
    expect(permissions).toEqual({
      publicAccess: false,
      entries: [{ id: '5', type: 'USER', permissions: ['READ', 'WRITE', 'DELETE'] }],
    });
    const details = (await (
      await as('eve', `${dataFile(id)}/details?expand=revisions`)
    ).json()) as {
      revisions: Array<{ dataFileRevisionId: number }>;
    };
    const last = details.revisions[0]!.dataFileRevisionId;
    const gone = await as('eve', `${dataFile(id)}/revisions/${last}`, { method: 'DELETE' });
    expect(await gone.json()).toEqual({ fileDeleted: true });
    expect((await as('eve', `${dataFile(id)}/details`)).status).toBe(404);
  });

  it.each(dataFileTable)("%s on %s's data file: %s → %i", async (who, owner, op, status) => {
    const [path, init] = dataFileOps[op]!(dataFiles[owner]!);
    const res = await as(who, path, init);
    const text = await res.text();
    expect(res.status, text).toBe(status);
    if (status === 404) expect(text).toContain(`No data file ${dataFiles[owner]}`);
  });

  it('lists only the files the user may read, by page and by ids', async () => {
    const ids = async (who: SampleUser, query = '') =>
      (
        (await (await as(who, `/api/data/v1/data-files/details${query}`)).json()) as Array<{
          dataFileId: number;
        }>
      ).map((f) => f.dataFileId);
    expect(await ids('dev')).toEqual([]);
    expect(await ids('chloe')).toEqual([dataFiles.chloe]);
    expect(await ids('ada')).toEqual(expect.arrayContaining([dataFiles.ada, dataFiles.chloe]));
    expect(await ids('dev', `?ids=${dataFiles.chloe},${dataFiles.ada}`)).toEqual([]);
  });

  it('answers what the caller may do, for the console', async () => {
    const res = await as('chloe', `/api/access/v1/data-files/${dataFiles.chloe}`);
    const access = dataFileAccess.parse(await res.json());
    expect(Object.values(access.operations).every((d) => d.allowed)).toBe(true);
  });
});

function fileForm(name: string) {
  const form = new FormData();
  form.append('file', new Blob(['# policy test\n'], { type: 'text/markdown' }), name);
  return form;
}
let uploads = 0;
async function adaUploads(filesetId: string) {
  const res = await as('ada', `/api/files/v1/filesets/${filesetId}/files`, {
    method: 'POST',
    body: fileForm(`seeded-${++uploads}.md`),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const fs = (id: string) => `/api/files/v1/filesets/${id}`;
type Init = RequestInit & { json?: unknown };
const filesetOps: Record<string, (id: string) => Promise<[string, Init]>> = {
  get: (id) => Promise.resolve([fs(id), {}]),
  'list files': (id) => Promise.resolve([`${fs(id)}/files/search`, { method: 'POST' }]),
  query: (id) =>
    Promise.resolve([`${fs(id)}/query`, { method: 'POST', json: { query: 'warranty' } }]),
  upload: (id) =>
    Promise.resolve([
      `${fs(id)}/files`,
      { method: 'POST', body: fileForm(`upload-${++uploads}.md`) },
    ]),
  download: async (id) => [`${fs(id)}/files/${await adaUploads(id)}/download`, {}],
  delete: async (id) => [`${fs(id)}/files/${await adaUploads(id)}`, { method: 'DELETE' }],
  'access answer': (id) => Promise.resolve([`/api/access/v1/filesets/${id}`, {}]),
};

// user × fileset × operation → status (403 names what is needed)
const filesetTable: Array<[SampleUser, string, string, number]> = [
  ['dev', 'manuals', 'get', 200],
  ['dev', 'manuals', 'list files', 200],
  ['dev', 'manuals', 'query', 200],
  ['dev', 'manuals', 'download', 200],
  ['dev', 'manuals', 'access answer', 200],
  ['dev', 'manuals', 'upload', 403],
  ['dev', 'manuals', 'delete', 403],
  ['eve', 'manuals', 'delete', 403],
  ['ben', 'policies', 'upload', 403],
  ['chloe', 'runbooks', 'delete', 403],
  ['chloe', 'manuals', 'upload', 200],
  ['chloe', 'manuals', 'delete', 204],
  ['dev', 'runbooks', 'upload', 200],
  ['dev', 'runbooks', 'delete', 204],
  ['ada', 'runbooks', 'upload', 200],
  ['ada', 'manuals', 'delete', 204],
  ['dev', 'unknown', 'upload', 404],
  ['dev', 'unknown', 'access answer', 404],
];

describe('fileset files', () => {
  it.each(filesetTable)('%s on %s: %s → %i', async (who, fileset, op, status) => {
    const [path, init] = await filesetOps[op]!(filesets[fileset]!);
    const answer = await as(who, path, init);
    const text = await answer.text();
    expect(answer.status, text).toBe(status);
    if (status === 403) expect(text).toMatch(/You need to own fileset .+ or have the Admin role/);
  });

  it('answers what the caller may do, for the console', async () => {
    const res = await as('dev', `/api/access/v1/filesets/${manuals}`);
    expect(filesetAccess.parse(await res.json()).operations).toEqual({
      read: { allowed: true },
      uploadFile: { allowed: false, status: 403, needed: 'fileset owner or Admin role' },
      deleteFile: { allowed: false, status: 403, needed: 'fileset owner or Admin role' },
    });
  });
});

describe('outbox', () => {
  it('shows each user his own mail, Admins all', async () => {
    const share = await as('ada', `/api/data/v3/datasources/${SALES}/share`, {
      method: 'POST',
      json: {
        permissions: [
          { id: '4', type: 'USER', accessLevel: 'CAN_SHARE' },
          { id: '5', type: 'USER', accessLevel: 'CAN_SHARE' },
        ],
        sendEmail: true,
      },
    });
    expect(share.status).toBe(200);
    // A workflow's notify names an address, not a user.
    await platform.db.query(
      `INSERT INTO outbox (id, recipient, subject, body, created_at, recipient_user_id)
       VALUES ('policy-notify', 'DEV@example.com', 'Run done', 'Done', now(), NULL)`,
    );
    const outbox = async (who: SampleUser, query = '') => {
      const res = await as(who, `/api/data/v3/outbox${query}`);
      expect(res.status).toBe(200);
      return outboxMessage.array().parse(await res.json());
    };
    const dev = await outbox('dev');
    expect(dev.map((m) => m.to.toLowerCase())).toEqual(['dev@example.com', 'dev@example.com']);
    expect(new Set((await outbox('eve')).map((m) => m.to))).toEqual(new Set(['eve@example.com']));
    expect(await outbox('ben')).toEqual([]);
    expect(await outbox('dev', `?datasetId=${SALES}`)).toHaveLength(1);
    const all = (await outbox('ada')).map((m) => m.to);
    expect(all).toEqual(expect.arrayContaining(['dev@example.com', 'eve@example.com']));
  });
});
