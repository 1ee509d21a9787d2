import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportDetails,
  exportHistory,
  exportRecord,
  fileQueryResult,
  filesetFile,
  streamExecution,
} from '../../../../src/api/contract';
import { freshDatabase, startChild, stopChild, until, type Child } from '../../testing/processes';
import { createStream, streamBody, uploadCsv } from '../../testing/streams';
import type { TestPlatform } from '../../testing';
import { S3FileStore } from './s3';

/**
 * Two platform processes on one PostgreSQL and one S3-compatible store (s3rver) share
 * file bytes, not only rows: what one is given, the other reads, searches, streams and exports,
 * though neither has the other's disk. Two processes can share only a PostgreSQL (PGlite locks
 * DATA_DIR), so this file needs DATABASE_URL.
 */
const databaseUrl = process.env.DATABASE_URL;
const BUCKET = 'platform-files';
const S3_KEY = 'S3RVER'; // s3rver's own credentials: they must appear in no output

/** The folders where a process would keep file bytes on its own disk. */
const onDisk = (child: Child) =>
  ['data-files', 'fileset-files', 'buckets'].flatMap((folder) => {
    const dir = path.join(child.dataDir, folder);
    return fs.existsSync(dir)
      ? (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => `${folder}/${f}`)
      : [];
  });

const platformOf = (child: Child) => child.platform as TestPlatform;

describe.runIf(!databaseUrl)('file bytes shared by several platform processes', () => {
  it.skip('needs DATABASE_URL: only a PostgreSQL server can be shared by two processes', () => {});
});

describe.runIf(databaseUrl)('file bytes shared by several platform processes (S3)', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-store-processes-'));
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let s3: S3rver;
  let objects: S3FileStore;
  let a: Child;
  let b: Child;

  beforeAll(async () => {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: root,
      configureBuckets: [{ name: BUCKET }],
    });
    const { port } = await s3.run();
    const store = {
      kind: 's3',
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      prefix: 'team/',
    } as const;
    objects = new S3FileStore(store, { accessKeyId: S3_KEY, secretAccessKey: S3_KEY });
    database = await freshDatabase(databaseUrl!, 'files');
    const env = {
      FILE_STORE: 's3',
      FILE_STORE_S3_BUCKET: BUCKET,
      FILE_STORE_S3_ENDPOINT: store.endpoint,
      FILE_STORE_S3_PREFIX: 'team',
      AWS_ACCESS_KEY_ID: S3_KEY,
      AWS_SECRET_ACCESS_KEY: S3_KEY,
    };
    [a, b] = await Promise.all([startChild(database.url, env), startChild(database.url, env)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopChild));
    await database?.drop();
    objects?.close();
    await s3?.close();
    fs.rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('a data file uploaded through one is downloaded, previewed and streamed into a dataset through the other', async () => {
    const csv = 'city,people\nLyon,522250\nNantes,320732\nLille,236234\n';
    const fileId = await uploadCsv(platformOf(a), 'cities.csv', csv);
    // Nothing on A's disk: B, on another machine, could not read it there.
    expect(onDisk(a)).toEqual([]);
    expect((await objects.list('data-files/')).length).toBe(1);

    const download = await b.platform.api(`/api/data/v1/data-files/${fileId}`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(csv);
    const details = (await (
      await b.platform.api(`/api/data/v1/data-files/${fileId}/details?expand=revisions`)
    ).json()) as { currentRevision: { dataFileRevisionId: number } };
    const preview = await b.platform.api(
      `/api/data/v1/data-files/${fileId}/revisions/${details.currentRevision.dataFileRevisionId}/preview?lines=2`,
    );
    expect(await preview.json()).toMatchObject({ lines: ['city,people', 'Lyon,522250'] });

    const stream = await createStream(
      platformOf(b),
      streamBody('data-file', { dataFileId: String(fileId) }),
    );
    const started = await b.platform.api(`/api/data/v1/streams/${stream.id}/executions`, {
      method: 'POST',
    });
    expect(started.status).toBe(201);
    const run = streamExecution.parse(await started.json());
    const ended = await until('the stream run ended', 60_000, async () => {
      const res = await b.platform.api(`/api/data/v1/streams/${stream.id}/executions`);
      const seen = streamExecution
        .array()
        .parse(await res.json())
        .find((r) => r.id === run.id);
      return seen?.state === 'ACTIVE' ? undefined : seen;
    });
    expect(ended).toMatchObject({ state: 'SUCCESS' });
    const rows = (await (
      await a.platform.api(`/api/query/v1/execute/${stream.dataSource.id}`, {
        method: 'POST',
        json: { sql: 'SELECT city FROM table ORDER BY people DESC' },
      })
    ).json()) as { rows: string[][] };
    expect(rows.rows).toEqual([['Lyon'], ['Nantes'], ['Lille']]);
  }, 120_000);

  it('a fileset file uploaded through one is downloaded and found by search through the other', async () => {
    const found = (await (
      await a.platform.api('/api/files/v1/filesets/search', { method: 'POST', json: {} })
    ).json()) as { fileSets: Array<{ id: string }> };
    const filesetId = found.fileSets[0]!.id;
    const text = '# Field notes\n\nThe quokka smiled at the zebrafinch near the shared bucket.\n';
    const form = new FormData();
    form.append('file', new Blob([text], { type: 'text/markdown' }), 'field-notes.md');
    const uploaded = await a.platform.api(`/api/files/v1/filesets/${filesetId}/files`, {
      method: 'POST',
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const file = filesetFile.parse(await uploaded.json());
    expect(onDisk(a)).toEqual([]);
    expect(await objects.list(`fileset-files/${filesetId}/`)).toEqual([
      `fileset-files/${filesetId}/${file.id}`,
    ]);

    const download = await b.platform.api(
      `/api/files/v1/filesets/${filesetId}/files/${file.id}/download`,
    );
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(text);
    const search = await b.platform.api(`/api/files/v1/filesets/${filesetId}/query`, {
      method: 'POST',
      json: { query: 'quokka zebrafinch' },
    });
    expect(search.status).toBe(200);
    const { matches } = fileQueryResult.parse(await search.json());
    expect(matches.map((m) => m.node.path)).toContain(file.path);

    // Deleted through B: its bytes go from the store.
    const gone = await b.platform.api(`/api/files/v1/filesets/${filesetId}/files/${file.id}`, {
      method: 'DELETE',
    });
    expect(gone.status).toBe(204);
    expect(await objects.list(`fileset-files/${filesetId}/`)).toEqual([]);
  }, 60_000);

  it('an export started on one is written by whichever claims it, and downloaded through either', async () => {
    const list = (await (
      await a.platform.api('/api/data/v3/datasources?limit=100')
    ).json()) as Array<{
      id: string;
      rowCount: number;
    }>;
    const dataset = list.find((d) => d.rowCount > 10)!;
    const started = await a.platform.api(`/api/query/v1/export/${dataset.id}`, {
      method: 'POST',
      json: { bucket: 'team-exports', path: 'nightly' },
    });
    expect(started.status).toBe(200);
    const { exportId } = exportRecord.parse(await started.json());
    const done = await until('the export ended', 60_000, async () => {
      const history = exportHistory.parse(
        await (await b.platform.api(`/api/query/v1/export/${dataset.id}`)).json(),
      );
      const record = history.find((r) => r.exportId === exportId);
      return record?.exportStatus === 'running' ? undefined : record;
    });
    expect(done).toMatchObject({ exportStatus: 'success' });
    expect(Object.keys(done.urlRowCountMap)).toEqual([
      `local://team-exports/nightly/${exportId}/export/data.csv`,
    ]);
    expect([...onDisk(a), ...onDisk(b)]).toEqual([]);

    const bodies: string[] = [];
    for (const child of [a, b]) {
      const details = exportDetails.parse(
        await (await child.platform.api(`/api/query/v1/exports/${exportId}`)).json(),
      );
      expect(details.files.map((f) => f.downloadable)).toEqual([true]);
      const res = await child.platform.api(`/api/query/v1/exports/${exportId}/files/0`);
      expect(res.status).toBe(200);
      bodies.push(await res.text());
    }
    expect(bodies[0]).toBe(bodies[1]);
    expect(bodies[0]!.trimEnd().split('\r\n')).toHaveLength(dataset.rowCount + 1);
  }, 90_000);

  it('neither process put a path of its disk, the bucket or a credential in its output', () => {
    for (const child of [a, b]) {
      const output = child.output();
      expect(output).not.toContain(S3_KEY);
      expect(output).not.toContain(BUCKET);
      expect(output).not.toContain(child.dataDir);
    }
  });
});
