import fs from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type Backend } from '../../backend';
import { SAMPLE_WORKFLOWS } from '../seed/workflows';

// The vendor's own typed client (`@domoinc/toolkit`), unchanged, in a browser page
// (jsdom, on the console's origin) against the gateway and the embedded platform, as `npm start`
// serves them with PLATFORM_BRAND=DOMO (the brand the client's paths use).

interface Task {
  title: string;
  done: boolean;
  points: number;
}

// The vendor's typings import their models as `src/...`, which TypeScript cannot follow from
// node_modules: the part of the client this test calls, as its docs declare it.
interface Answer<T> {
  statusCode: number;
  data: T;
}
interface Doc<T> {
  id: string;
  collectionId: string;
  datastoreId: string;
  owner: number;
  content: T;
}
interface DocumentsClient<T> {
  create(document: T): Promise<Answer<Doc<T>>>;
  create(documents: T[]): Promise<Answer<{ Created: number }>>;
  get<R = Doc<T>[]>(query?: object, params?: Record<string, string[]>): Promise<Answer<R>>;
  update(document: { id: string; content: T }): Promise<Answer<Doc<T>>>;
  update(documents: { id: string; content: T }[]): Promise<Answer<{ Updated: number }>>;
  partialUpdate(query: object, operation: object): Promise<Answer<unknown>>;
  delete(ids: string | string[]): Promise<Answer<{ Deleted: number }>>;
}
interface AppCollection {
  id: string;
  name: string;
  syncEnabled: boolean;
}
interface Schema {
  dataSourceName: string;
  description: string;
  columns: Array<{ name: string; type: string }>;
}
interface AIAnswer {
  prompt: string;
  output: string;
  choices: Array<{ output: string }>;
}
interface Toolkit {
  AppDBClient: {
    DocumentsClient: new <T>(collection: string) => DocumentsClient<T>;
    CollectionsClient: new () => {
      getCollections(): Promise<Answer<AppCollection[]>>;
      createCollection(definition: object): Promise<Answer<AppCollection>>;
      updateCollection(id: string, changes: object): Promise<Answer<AppCollection>>;
      deleteCollection(id: string): Promise<Answer<unknown>>;
      syncWithDomo(): Promise<Answer<unknown>>;
    };
  };
  FileClient: new () => {
    upload(
      file: unknown,
      name: string,
      description?: string,
      isPublic?: boolean,
    ): Promise<Answer<{ dataFileId: number; appURL: string }>>;
    uploadRevision(
      file: unknown,
      fileId: number,
    ): Promise<Answer<{ dataFileRevisionId: number; revisionId: number; sizeBytes: number }>>;
    detailsList(
      ids?: number[],
      expand?: string[],
    ): Promise<Answer<Array<{ dataFileId: number; name: string; revisions?: unknown[] }>>>;
    getPermissions(fileId: number): Promise<Answer<{ publicAccess: boolean; entries: unknown[] }>>;
    updatePermissions(fileId: number, data: string): Promise<Answer<unknown>>;
    delete(fileId: number, revisionId: number): Promise<Answer<{ fileDeleted: boolean }>>;
  };
  WorkflowClient: {
    getAllModels(): Promise<Array<{ id: string; name: string }>>;
    getAllModels(includePermissions: true): Promise<
      Array<{
        id: string;
        name: string;
        userPermissions: Array<{
          avatarKey: string;
          id: string;
          name: string;
          permissions: string[];
          role: string;
          roleId: number;
        }>;
      }>
    >;
    getModelDetails(alias: string): Promise<{
      modelId: string;
      completedWorkflows: number;
      instanceMetric: Array<{ instanceId: string; status: string }>;
    }>;
    startModel(
      alias: string,
      variables: object,
    ): Promise<{ id: string; modelId: string; status: string }>;
    getInstance(alias: string, instanceId: string): Promise<{ id: string; status: string }>;
  };
  AIClient: {
    generate_text(input: string): Promise<Answer<unknown>>;
    text_to_sql(input: string, dataSourceSchemas?: Schema[]): Promise<Answer<AIAnswer>>;
    summarize(
      input: string,
      promptTemplate?: { template: string },
      parameters?: Record<string, string>,
      model?: string,
      modelConfiguration?: Record<string, object>,
      system?: string,
      chatContext?: { role: number; content: string },
      chunkingConfiguration?: object,
      outputStyle?: number,
      outputWordLength?: { min: number; max: number },
    ): Promise<Answer<AIAnswer>>;
    text_to_beastmode(input: string, dataSourceSchema?: Schema): Promise<Answer<AIAnswer>>;
  };
  GroupClient: {
    get(): Promise<Answer<unknown>>;
  };
}

let server: ReturnType<typeof createServer>;
let backend: Backend;
let dataDir: string;
let dom: JSDOM;
let toolkit: Toolkit;
let origin = '';
const nodeFetchOf = globalThis.fetch;
const nodeFormData = globalThis.FormData;
const globals = globalThis as unknown as Record<string, unknown>;

const manifest = {
  name: 'Task board',
  version: '1.0.0',
  collections: [
    {
      name: 'tasks',
      schema: {
        columns: [
          { name: 'title', type: 'STRING' },
          { name: 'points', type: 'LONG' },
        ],
      },
    },
  ],
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apps-client-'));
  fs.mkdirSync(path.join(dataDir, 'apps', 'task-board'), { recursive: true });
  fs.writeFileSync(
    path.join(dataDir, 'apps', 'task-board', 'manifest.json'),
    JSON.stringify(manifest),
  );
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  backend = await startBackend({
    env: { DATA_DIR: dataDir, PLATFORM_BRAND: 'DOMO', DATABASE_URL: process.env.DATABASE_URL },
    port,
  });
  handle = (req, res) => backend.middleware(req, res, () => res.writeHead(404).end('not gateway'));
  dom = new JSDOM('<!doctype html><p>app</p>', { url: `http://127.0.0.1:${port}/` });
  // The client is a browser bundle: it reaches for the page's XMLHttpRequest and window.
  globals.window = dom.window;
  globals.self = dom.window;
  globals.XMLHttpRequest = dom.window.XMLHttpRequest;
  globals.FormData = dom.window.FormData;
  // Its WorkflowClient uses fetch with the page's relative paths, as a browser resolves them.
  origin = `http://127.0.0.1:${port}`;
  globals.fetch = (input: string | URL, init?: RequestInit) =>
    nodeFetchOf(new URL(String(input), origin), init);
  toolkit = await import('@domoinc/toolkit');
}, 120_000);

afterAll(async () => {
  delete globals.window;
  delete globals.self;
  delete globals.XMLHttpRequest;
  globals.FormData = nodeFormData;
  globals.fetch = nodeFetchOf;
  dom?.window.close();
  await backend?.close();
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the vendor's client against the embedded platform", () => {
  it('AppDB documents: create, bulk, get, query with aggregation, update, partial update, delete', async () => {
    const tasks = new toolkit.AppDBClient.DocumentsClient<Task>('tasks');

    const one = await tasks.create({ title: 'Write the starter', done: false, points: 3 });
    expect(one.statusCode).toBe(200);
    expect(one.data.content).toEqual({ title: 'Write the starter', done: false, points: 3 });
    expect([one.data.id, one.data.collectionId, one.data.datastoreId].map((v) => typeof v)).toEqual(
      ['string', 'string', 'string'],
    );
    expect(one.data.owner).toBe(1);

    const bulk = await tasks.create([
      { title: 'Serve the app paths', done: true, points: 5 },
      { title: 'Show the Apps screen', done: false, points: 8 },
    ]);
    expect(bulk.data).toEqual({ Created: 2 });

    const all = await tasks.get();
    expect(all.data.map((d) => d.content.title).sort()).toEqual([
      'Serve the app paths',
      'Show the Apps screen',
      'Write the starter',
    ]);
    const open = await tasks.get({ 'content.done': false });
    expect(open.data).toHaveLength(2);
    const grouped = await tasks.get<Array<Record<string, unknown>>>(
      {},
      { groupby: ['content.done'], sum: ['content.points'] },
    );
    expect(grouped.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ done: false, sum_points: 11 }),
        expect.objectContaining({ done: true, sum_points: 5 }),
      ]),
    );

    const updated = await tasks.update({
      id: one.data.id,
      content: { title: 'Write the starter', done: true, points: 3 },
    });
    expect(updated.data).toMatchObject({ id: one.data.id, content: { done: true } });

    const ids = open.data.map((d) => d.id);
    const bulkUpdate = await tasks.update(
      open.data.map((d) => ({ id: d.id, content: { ...d.content, points: 1 } })),
    );
    expect(bulkUpdate.data).toMatchObject({ Updated: 2 });

    const partial = await tasks.partialUpdate(
      { 'content.done': false },
      {
        $set: { 'content.points': 13 },
      },
    );
    expect(partial.statusCode).toBe(200);
    const afterPartial = await tasks.get({ 'content.points': 13 });
    expect(afterPartial.data).toHaveLength(2);

    const served = all.data.find((d) => d.content.title === 'Serve the app paths')!;
    const deletedOne = await tasks.delete(served.id);
    expect(deletedOne.data).toEqual({ Deleted: 1 });
    const deletedMany = await tasks.delete(ids);
    expect(deletedMany.data).toEqual({ Deleted: 2 });
    expect((await tasks.get()).data).toEqual([]);
  });

  it('AppDB collections: list, create, update, export, delete', async () => {
    const collections = new toolkit.AppDBClient.CollectionsClient();
    const list = await collections.getCollections();
    expect(list.data.map((c) => c.name)).toContain('tasks');

    const created = await collections.createCollection({
      name: 'notes',
      schema: { columns: [{ name: 'text', type: 'STRING' }] },
      syncEnabled: false,
    });
    expect(created.data.name).toBe('notes');
    const notes = new toolkit.AppDBClient.DocumentsClient<{ text: string }>('notes');
    await notes.create({ text: 'hello' });

    const renamed = await collections.updateCollection(created.data.id, { syncEnabled: true });
    expect(renamed.data).toMatchObject({ id: created.data.id, syncEnabled: true });
    const exported = await collections.syncWithDomo();
    expect(exported.statusCode).toBe(200);

    await collections.deleteCollection('notes');
    const after = await collections.getCollections();
    expect(after.data.map((c) => c.name)).not.toContain('notes');
  });

  it('text generation, with the nulls the client sends for absent options', async () => {
    const answer = await toolkit.AIClient.generate_text('Say hello');
    expect(answer.statusCode).toBe(200);
    const { choices } = answer.data as { choices: Array<{ output: string }> };
    expect(choices[0]?.output).toContain('Say hello');
  });

  it('text to SQL: the dataset schema it is given goes into the prompt', async () => {
    const schema = {
      dataSourceName: 'tasks',
      description: 'The task board',
      columns: [
        { name: 'title', type: 'STRING' },
        { name: 'points', type: 'LONG' },
      ],
    };
    const answer = await toolkit.AIClient.text_to_sql('total points of open tasks', [schema]);
    expect(answer.statusCode).toBe(200);
    // The built-in model answers with the prompt it was given.
    expect(answer.data.prompt).toContain(`# ${JSON.stringify([schema])}\n`);
    expect(answer.data.prompt).toContain('# total points of open tasks');
    expect(answer.data.choices[0]?.output).toBe(answer.data.prompt);
  });

  it('summarize, with the style and length the client numbers', async () => {
    const answer = await toolkit.AIClient.summarize(
      'The starter serves the app paths and shows the Apps screen.',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      { role: 0, content: 'for the weekly note' },
      undefined,
      0,
      { min: 5, max: 10 },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.data.prompt).toContain('User: for the weekly note');
    expect(answer.data.prompt).toContain('Write a summary of 5 to 10 words');
    expect(answer.data.prompt).toContain('as a bulleted list');
    expect(answer.data.choices[0]?.output).toContain('shows the Apps screen');
  });

  it('text to beast mode: the calculated-field syntax and the dataset schema', async () => {
    const schema = {
      dataSourceName: 'tasks',
      description: '',
      columns: [{ name: 'points', type: 'LONG' }],
    };
    const answer = await toolkit.AIClient.text_to_beastmode('average points', schema);
    expect(answer.statusCode).toBe(200);
    expect(answer.data.prompt).toContain('each column in backticks');
    expect(answer.data.prompt).toContain('"columns":[{"name":"points","type":"LONG"}]');
    expect(answer.data.prompt).toContain('# average points');
    // The bounds of text generation hold here too.
    const wide = {
      ...schema,
      columns: Array.from({ length: 1000 }, (_, i) => ({
        name: `${'c'.repeat(500)}${i}`,
        type: 'LONG',
      })),
    };
    await expect(toolkit.AIClient.text_to_beastmode('x', wide)).rejects.toThrow(
      /Status: 400 .*the limit is 400,000 characters/,
    );
  });

  it('a call the platform cannot serve fails loudly with 501 naming it', async () => {
    await expect(toolkit.GroupClient.get()).rejects.toThrow(/Status: 501 .*GET \/domo\/groups\/v1/);
  });

  it('a collection outside the app is out of reach, and an unknown name is a 404 naming it', async () => {
    const stranger = new toolkit.AppDBClient.DocumentsClient('customers');
    await expect(stranger.get()).rejects.toThrow(
      /Status: 404 .*The app task-board has no collection customers \(its collections: tasks/,
    );
  });

  it('workflows: the models the manifest maps, their details, a start and its instance', async () => {
    // A workflow made through the console's gateway, then mapped by the app's manifest.
    const made = await nodeFetchOf(`${origin}/v1/workflows`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Greet a visitor',
        definition: {
          inputs: [{ name: 'who', type: 'string', required: true }],
          steps: [
            {
              id: 'hello',
              name: 'Say hello',
              type: 'notify',
              channel: 'email',
              to: 'desk@example.com',
              message: 'Hello ${input.who}',
            },
          ],
        },
      }),
    });
    expect(made.status, await made.clone().text()).toBe(201);
    const workflowId = ((await made.json()) as { id: string }).id;
    fs.writeFileSync(
      path.join(dataDir, 'apps', 'task-board', 'manifest.json'),
      JSON.stringify({ ...manifest, workflowMapping: [{ alias: 'greet', modelId: workflowId }] }),
    );

    const models = await toolkit.WorkflowClient.getAllModels();
    expect(models).toEqual([expect.objectContaining({ id: workflowId, name: 'Greet a visitor' })]);
    const started = await toolkit.WorkflowClient.startModel('greet', { who: 'Ada' });
    expect(started).toMatchObject({ modelId: workflowId, status: 'QUEUED' });
    let instance = await toolkit.WorkflowClient.getInstance('greet', started.id);
    for (let i = 0; i < 50 && instance.status !== 'COMPLETED'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      instance = await toolkit.WorkflowClient.getInstance('greet', started.id);
    }
    expect(instance).toMatchObject({ id: started.id, status: 'COMPLETED' });
    const details = await toolkit.WorkflowClient.getModelDetails('greet');
    expect(details).toMatchObject({ modelId: workflowId, completedWorkflows: 1 });
    expect(details.instanceMetric.map((m) => m.instanceId)).toEqual([started.id]);
    // An alias the manifest does not map is out of reach.
    await expect(toolkit.WorkflowClient.getModelDetails('other')).rejects.toMatchObject({
      message: 'WorkflowClient request error',
      error: 'Request errored with status: 404 Not Found',
    });
  });

  it('workflows with their users: who may use each mapped workflow, and what they may do', async () => {
    // Seeded: Refund approval is Ben's (Privileged, holding the Workflow API grant through his
    // role); Weekly KPI digest is Eve's (Editor, without the grant). Ada is the only Admin.
    const bens = SAMPLE_WORKFLOWS.find((w) => w.owner === 2)!;
    const eves = SAMPLE_WORKFLOWS.find((w) => w.owner === 5)!;
    fs.writeFileSync(
      path.join(dataDir, 'apps', 'task-board', 'manifest.json'),
      JSON.stringify({
        ...manifest,
        workflowMapping: [
          { alias: 'refunds', modelId: bens.id },
          { alias: 'digest', modelId: eves.id },
        ],
      }),
    );
    const everyUse = ['READ', 'WRITE', 'EXECUTE'];
    const ada = {
      avatarKey: '',
      id: '1',
      name: 'Ada Admin',
      permissions: everyUse,
      role: 'Admin',
      roleId: 1,
    };
    const models = await toolkit.WorkflowClient.getAllModels(true);
    expect(models.map((m) => [m.id, m.userPermissions])).toEqual([
      [bens.id, [{ ...ada, id: '2', name: 'Ben Analyst', role: 'Privileged', roleId: 2 }, ada]],
      // Eve owns it, but without the grant she may not use it: only the Admin may.
      [eves.id, [ada]],
    ]);
    // Without `parts` the models come without their users, as before.
    const plain = await toolkit.WorkflowClient.getAllModels();
    expect(plain.map((m) => 'userPermissions' in m)).toEqual([false, false]);
    // A part the platform does not serve is refused, naming it.
    const unknown = await nodeFetchOf(`${origin}/domo/workflow/v1/models?parts=users,groups`);
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(
      /parts: "groups" is not a part the embedded platform serves \(it serves: users\)/,
    );
  });

  it('data files: upload, a new revision (answered as the revision), details and download', async () => {
    const files = new toolkit.FileClient();
    const first = new dom.window.File(['region,sales\nNorth,10\n'], 'sales.csv', {
      type: 'text/csv',
    });
    const uploaded = await files.upload(first, 'sales.csv', 'Sales by region', false);
    const id = uploaded.data.dataFileId;
    expect(id).toBeGreaterThan(0);
    expect(uploaded.data.appURL).toBe(`domo/data-files/v1/${id}`);

    const second = new dom.window.File(['region,sales\nNorth,12\nSouth,7\n'], 'sales.csv', {
      type: 'text/csv',
    });
    const revised = await files.uploadRevision(second, id);
    expect(revised.data.revisionId).toBe(revised.data.dataFileRevisionId);
    expect(revised.data.sizeBytes).toBe(30);

    const details = await files.detailsList([id], ['revisions']);
    expect(
      details.data.map((file) => [file.dataFileId, file.name, file.revisions?.length]),
    ).toEqual([[id, 'sales.csv', 2]]);
    const latest = await nodeFetchOf(`${origin}/domo/data-files/v1/${id}`);
    expect(await latest.text()).toBe('region,sales\nNorth,12\nSouth,7\n');

    const permissions = await files.getPermissions(id);
    expect(permissions.data).toEqual({
      publicAccess: false,
      entries: [{ id: '1', type: 'USER', permissions: ['READ', 'WRITE', 'DELETE'] }],
    });
    // The platform has no sharing of data files: changing them is refused loudly.
    await expect(files.updatePermissions(id, '{"publicAccess":true}')).rejects.toThrow(
      /Status: 501 .*PUT \/domo\/data-files\/v1\/\d+\/permissions/,
    );
    const deleted = await files.delete(id, revised.data.revisionId);
    expect(deleted.data).toEqual({ fileDeleted: false });
    const current = await nodeFetchOf(`${origin}/domo/data-files/v1/${id}`);
    expect(await current.text()).toBe('region,sales\nNorth,10\n');
  });
});
