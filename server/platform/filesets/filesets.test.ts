import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fileQueryResult,
  fileset as filesetSchema,
  filesetFile,
  filesetFileList,
  filesetSearchResult,
  type FilesetFile,
} from '../../../src/api/contract';
import { SAMPLE_FILESETS } from '../seed/filesets';
import { startTestPlatform, type TestPlatform } from '../testing';
import { insertTextFiles, rankedByWholeVectors } from '../testing/filesets';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const base = '/api/files/v1/filesets';
const [manuals, runbooks] = SAMPLE_FILESETS as [
  (typeof SAMPLE_FILESETS)[number],
  (typeof SAMPLE_FILESETS)[number],
];
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

const post = (path: string, json?: unknown) =>
  platform.api(path, { method: 'POST', ...(json === undefined ? {} : { json }) });

/** A 4xx with the area's body, `{message}`, and nothing else. */
async function expectError(res: Response, status: number, message?: RegExp) {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { message: string };
  expect(Object.keys(body)).toEqual(['message']);
  if (message) expect(body.message).toMatch(message);
  return body.message;
}

const search = async (filesetId: string, request: Record<string, unknown>) => {
  const res = await post(`${base}/${filesetId}/query`, request);
  expect(res.status).toBe(200);
  return fileQueryResult.parse(await res.json()).matches;
};

function upload(
  filesetId: string,
  name: string,
  content: string | Uint8Array<ArrayBuffer>,
  createFileRequest?: string | Blob,
  type = 'text/markdown',
) {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), name);
  if (createFileRequest !== undefined) form.append('createFileRequest', createFileRequest);
  return platform.api(`${base}/${filesetId}/files`, { method: 'POST', body: form });
}

async function listAll(filesetId: string, query = '', limit = 7) {
  const files: FilesetFile[] = [];
  let next: string | null | undefined;
  let pages = 0;
  do {
    const cursor = next ? `&next=${encodeURIComponent(next)}` : '';
    const res = await post(`${base}/${filesetId}/files/search?limit=${limit}${query}${cursor}`);
    expect(res.status).toBe(200);
    const page = filesetFileList.parse(await res.json());
    expect(page.files.length).toBeLessThanOrEqual(limit);
    files.push(...page.files);
    next = page.pageContext.next;
    pages += 1;
  } while (next && pages < 1000);
  return files;
}

describe('list and get filesets (gaps.md)', () => {
  it('lists the sample filesets with their file counts, paged by limit and offset', async () => {
    const res = await post(`${base}/search`, {});
    expect(res.status).toBe(200);
    const all = filesetSearchResult.parse(await res.json());
    expect(all.pageContext).toEqual({ offset: 0, limit: 50, total: SAMPLE_FILESETS.length });
    expect(all.fileSets.map((f) => f.id).sort()).toEqual(SAMPLE_FILESETS.map((s) => s.id).sort());
    for (const f of all.fileSets) expect(f.fileCount).toBeGreaterThan(10);

    const page = filesetSearchResult.parse(
      await (await post(`${base}/search?limit=1&offset=1`, {})).json(),
    );
    expect(page.fileSets).toHaveLength(1);
    expect(page.pageContext).toEqual({ offset: 1, limit: 1, total: SAMPLE_FILESETS.length });
  });

  it('filters and sorts (no body, a trailing slash and a body all answer)', async () => {
    const sorted = filesetSearchResult.parse(
      await (
        await post(`${base}/search/`, { fieldSort: [{ field: 'name', order: 'DESC' }] })
      ).json(),
    );
    const names = sorted.fileSets.map((f) => f.name);
    expect(names).toEqual([...names].sort().reverse());

    const like = filesetSearchResult.parse(
      await (
        await post(`${base}/search`, {
          filters: [{ field: 'name', value: ['MANUAL'], operator: 'LIKE' }],
        })
      ).json(),
    );
    expect(like.fileSets.map((f) => f.id)).toEqual([manuals.id]);
    expect(like.pageContext.total).toBe(1);

    const notOwner = filesetSearchResult.parse(
      await (
        await post(`${base}/search`, {
          filters: [{ field: 'owner', value: [manuals.owner], not: true }],
        })
      ).json(),
    );
    expect(notOwner.fileSets.map((f) => f.id)).not.toContain(manuals.id);

    expect((await post(`${base}/search`)).status).toBe(200);
  });

  it('refuses bad paging, filters and bodies with 400 {message}', async () => {
    await expectError(await post(`${base}/search?limit=0`, {}), 400, /limit/);
    await expectError(await post(`${base}/search?limit=101`, {}), 400, /limit.*100/);
    await expectError(await post(`${base}/search?offset=-1`, {}), 400, /offset/);
    await expectError(
      await post(`${base}/search`, { filters: [{ field: 'body', value: ['x'] }] }),
      400,
      /filters\.0\.field/,
    );
    await expectError(
      await post(`${base}/search`, { filters: [{ field: 'name', value: ['a\u0000'] }] }),
      400,
    );
    await expectError(
      await post(`${base}/search`, { fieldSort: [{ field: 'size' }] }),
      400,
      /fieldSort/,
    );
    await expectError(
      await platform.api(`${base}/search`, {
        method: 'POST',
        body: '{not json',
        headers: { 'X-SERVICE-Developer-Token': platform.tokens.developer },
      }),
      400,
      /JSON/,
    );
  });

  it('gets one fileset by id, with or without a trailing slash; an unknown id is 404', async () => {
    for (const path of [`${base}/${runbooks.id}`, `${base}/${runbooks.id}/`]) {
      const res = await platform.api(path);
      expect(res.status).toBe(200);
      expect(filesetSchema.parse(await res.json())).toMatchObject({
        id: runbooks.id,
        name: runbooks.name,
        owner: runbooks.owner,
      });
    }
    await expectError(await platform.api(`${base}/no-such-fileset`), 404, /no-such-fileset/);
  });

  it('answers a missing token with 401 {message}', async () => {
    const res = await platform.api(`${base}/search`, { method: 'POST', headers: {} });
    await expectError(res, 401);
  });
});

describe('list files (cursor pagination)', () => {
  it('covers every file of a fileset exactly once, in path order', async () => {
    const fileset = filesetSchema.parse(await (await platform.api(`${base}/${manuals.id}`)).json());
    const files = await listAll(manuals.id);
    expect(files).toHaveLength(fileset.fileCount);
    expect(new Set(files.map((f) => f.id)).size).toBe(files.length);
    const paths = files.map((f) => f.path);
    expect(paths).toEqual([...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const [first] = files;
    expect(first).toMatchObject({ hashAlgorithm: 'SHA_256_HEX', fileType: 'FILE' });
    expect(first!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('restricts to a directory, and to its immediate children when asked', async () => {
    const all = await listAll(manuals.id, '', 1000);
    const dirs = [...new Set(all.map((f) => f.path.split('/').slice(0, 2).join('/')))];
    const dir = dirs.find((d) =>
      all.some((f) => f.path.split('/').length > 3 && f.path.startsWith(`${d}/`)),
    )!;
    expect(dir).toBeDefined();
    const inside = await listAll(manuals.id, `&directoryPath=${encodeURIComponent(`/${dir}/`)}`, 5);
    expect(inside.length).toBe(all.filter((f) => f.path.startsWith(`${dir}/`)).length);
    for (const f of inside) expect(f.path.startsWith(`${dir}/`)).toBe(true);

    const direct = await listAll(
      manuals.id,
      `&directoryPath=${encodeURIComponent(dir)}&immediateChildren=true`,
      5,
    );
    expect(direct.map((f) => f.path)).toEqual(
      inside.filter((f) => !f.path.slice(dir.length + 1).includes('/')).map((f) => f.path),
    );
    expect(direct.length).toBeLessThan(inside.length);

    const none = filesetFileList.parse(
      await (await post(`${base}/${manuals.id}/files/search/?directoryPath=nowhere`)).json(),
    );
    expect(none).toEqual({ files: [], pageContext: { next: null } });
  });

  it('refuses a bad cursor, limit or directory with 400, an unknown fileset with 404', async () => {
    const list = (q: string) => post(`${base}/${manuals.id}/files/search?${q}`);
    await expectError(await list('next=not-a-cursor'), 400, /next/);
    await expectError(await list(`next=${Buffer.from('{"after":3}').toString('base64url')}`), 400);
    await expectError(await list('limit=0'), 400, /limit/);
    await expectError(await list('limit=1001'), 400, /limit.*1000/);
    await expectError(await list('immediateChildren=yes'), 400, /immediateChildren/);
    await expectError(await list('directoryPath=a/../b'), 400, /directoryPath/);
    await expectError(await list(`directoryPath=${'a'.repeat(1025)}`), 400, /1024/);
    await expectError(await post(`${base}/nope/files/search`), 404, /nope/);
  });
});

describe('Query Files (4.7)', () => {
  it('finds files by their text, ranked by relevance, with a highlighted passage', async () => {
    const matches = await search(runbooks.id, { query: 'refund', topK: 5 });
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.length).toBeLessThanOrEqual(5);
    const scores = matches.map((m) => m.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    for (const m of matches) {
      expect(m.score).toBeGreaterThan(0);
      expect(m.score).toBeLessThan(1);
      expect(m.id).toBe(m.node.id);
      expect(m.content?.text).toMatch(/<mark>refund/i);
    }
  });

  it('ranks a file that mentions the term more above one that mentions it once', async () => {
    const filler = 'The courier left the parcel at the front desk of the building. ';
    const once = `${filler.repeat(6)}One zorbleflux was found.\n`;
    const often = `${filler.repeat(3)}zorbleflux zorbleflux, the zorbleflux and more zorbleflux.\n`;
    const dir = JSON.stringify({ directoryPath: 'tests/ranking' });
    expect((await upload(runbooks.id, 'once.md', once, dir)).status).toBe(200);
    expect((await upload(runbooks.id, 'often.md', often, dir)).status).toBe(200);
    const matches = await search(runbooks.id, { query: 'zorbleflux' });
    expect(matches.map((m) => m.node.path)).toEqual([
      'tests/ranking/often.md',
      'tests/ranking/once.md',
    ]);
    expect(matches[0]!.score).toBeGreaterThan(matches[1]!.score);
  });

  it('ranks a file whose path names the term above files that only mention it', async () => {
    const filler = 'The courier left the parcel at the front desk of the building. ';
    const dir = JSON.stringify({ directoryPath: 'tests/ranking' });
    const named = `${filler.repeat(4)}A vexlomir was seen.\n`;
    const mentions = `${filler.repeat(4)}A vexlomir here, a vexlomir there.\n`;
    expect((await upload(runbooks.id, 'vexlomir-notes.md', named, dir)).status).toBe(200);
    expect((await upload(runbooks.id, 'mentions.md', mentions, dir)).status).toBe(200);
    const matches = await search(runbooks.id, { query: 'vexlomir' });
    expect(matches.map((m) => m.node.path)).toEqual([
      'tests/ranking/vexlomir-notes.md',
      'tests/ranking/mentions.md',
    ]);
  });

  it('scores a file on its whole text, and shows a passage with a hit far into it', async () => {
    const filler = 'The courier left the parcel at the front desk of the building. ';
    const dir = JSON.stringify({ directoryPath: 'tests/late' });
    // Hits only past the first 2,000 characters, and far past the first snippet window.
    const late = `${filler.repeat(60)}Then quindar, quindar and quindar again.\n${filler.repeat(5)}`;
    const early = `One quindar first.\n${filler.repeat(65)}`;
    expect((await upload(runbooks.id, 'late.md', late, dir)).status).toBe(200);
    expect((await upload(runbooks.id, 'early.md', early, dir)).status).toBe(200);
    const matches = await search(runbooks.id, { query: 'quindar' });
    expect(matches.map((m) => m.node.path)).toEqual(['tests/late/late.md', 'tests/late/early.md']);
    const exact = await platform.db.query<{ path: string; score: number }>(
      `SELECT path, ts_rank(search, websearch_to_tsquery('english', 'quindar'), 1 | 32)::float8 AS score
       FROM fileset_files WHERE fileset_id = $1 AND starts_with(path, 'tests/late/') ORDER BY path`,
      [runbooks.id],
    );
    const byPath = new Map(exact.map((r) => [r.path, r.score]));
    for (const m of matches) expect(m.score).toBeCloseTo(byPath.get(m.node.path)!, 6);
    expect(matches[0]!.content?.text).toContain('<mark>quindar</mark>, <mark>quindar</mark>');
    // The passage comes from a window of the text that starts and ends on whitespace: no word cut.
    const words = new Set(late.match(/[a-z]+/gi));
    const shown = matches[0]!.content!.text.replace(/<\/?mark>/g, '').match(/[a-z]+/gi)!;
    for (const word of shown) expect(words).toContain(word);
  });

  it('shows the words of a two-word query together, however far apart they first appear', async () => {
    const filler = 'The courier left the parcel at the front desk of the building. ';
    const dir = JSON.stringify({ directoryPath: 'tests/pairs' });
    // First hits 1,000 characters apart, both far into the file.
    const near = `${filler.repeat(40)}A glimberwock came. ${filler.repeat(15)}Then a snorkelvane.\n${filler.repeat(10)}`;
    // A first glimberwock at the start, the pair together only 4,000 characters later.
    const far = `One glimberwock. ${filler.repeat(60)}A glimberwock beside a snorkelvane.\n${filler.repeat(5)}`;
    expect((await upload(runbooks.id, 'near.md', near, dir)).status).toBe(200);
    expect((await upload(runbooks.id, 'far.md', far, dir)).status).toBe(200);
    const matches = await search(runbooks.id, {
      query: 'glimberwock snorkelvane',
      directoryPath: 'tests/pairs',
    });
    expect(matches.map((m) => m.node.path).sort()).toEqual([
      'tests/pairs/far.md',
      'tests/pairs/near.md',
    ]);
    const words = new Set(`${near} ${far}`.match(/[a-z]+/gi));
    for (const m of matches) {
      expect(m.content?.text).toContain('<mark>glimberwock</mark>');
      expect(m.content?.text).toContain('<mark>snorkelvane</mark>');
      const shown = m.content!.text.replace(/<\/?mark>/g, '').match(/[a-z]+/gi)!;
      for (const word of shown) expect(words).toContain(word);
    }
  });

  it('ranks many matches as ts_rank over every file does, ties in path order', async () => {
    const filesetId = `rank-${randomUUID()}`;
    await platform.db.query(
      `INSERT INTO filesets (id, name, description, owner, created_by, created, updated)
       VALUES ($1, 'Ranking', '', 1, 1, now(), now())`,
      [filesetId],
    );
    // 300 short files with 1 to 6 hits, and many exact ties.
    const files = Array.from({ length: 300 }, (_, i) => {
      const hits = Array.from({ length: (i % 6) + 1 }, () => 'plovex').join(' and ');
      const text = `Report ${i % 4 === 0 ? 'about' : 'on'} ${hits} for the team. ${'Padding words here. '.repeat(i % 5)}`;
      return {
        id: `${filesetId}-${i}`,
        path: `d${i % 3}/f-${String(i).padStart(3, '0')}.md`,
        text,
      };
    });
    await insertTextFiles(platform.db, filesetId, files);
    for (const [query, topK, prefix] of [
      ['plovex', 100, ''],
      ['plovex team', 10, ''],
      ['plovex', 25, 'd1/'],
    ] as const) {
      const expected = await rankedByWholeVectors(platform.db, filesetId, query, topK, prefix);
      const matches = await search(filesetId, { query, topK, directoryPath: prefix || undefined });
      expect(matches.map((m) => [m.node.path, m.score])).toEqual(
        expected.map((r) => [r.path, r.score]),
      );
    }
  });

  it('restricts to directoryPath and pathPrefixFilter', async () => {
    const everywhere = await search(manuals.id, { query: 'warranty', topK: 100 });
    const dirs = new Set(everywhere.map((m) => m.node.path.split('/').slice(0, 2).join('/')));
    expect(dirs.size).toBeGreaterThan(1);
    const [dir] = [...dirs];
    const inDir = await search(manuals.id, {
      query: 'warranty',
      topK: 100,
      directoryPath: `/${dir}`,
    });
    expect(inDir.length).toBeGreaterThan(0);
    expect(inDir.length).toBeLessThan(everywhere.length);
    for (const m of inDir) expect(m.node.path.startsWith(`${dir}/`)).toBe(true);
    expect(inDir.map((m) => m.id).sort()).toEqual(
      everywhere
        .filter((m) => m.node.path.startsWith(`${dir}/`))
        .map((m) => m.id)
        .sort(),
    );
    const prefix = dir!.slice(0, -1);
    const byPrefix = await search(manuals.id, {
      query: 'warranty',
      topK: 100,
      pathPrefixFilter: prefix,
    });
    for (const m of byPrefix) expect(m.node.path.startsWith(prefix)).toBe(true);
    expect(await search(manuals.id, { query: 'warranty', directoryPath: 'no/such/dir' })).toEqual(
      [],
    );
  });

  it('bounds topK (default 10) and reads any query text without a syntax error', async () => {
    expect((await search(manuals.id, { query: 'the widget' })).length).toBeLessThanOrEqual(10);
    expect(await search(manuals.id, { query: 'widget', topK: 1 })).toHaveLength(1);
    const slash = await post(`${base}/${manuals.id}/query/`, { query: 'widget', topK: 2 });
    expect(fileQueryResult.parse(await slash.json()).matches).toHaveLength(2);
    for (const query of ['"unbalanced ( & | ! :*', 'the', '-', 'ü 漢字 🙂', "o'brien\\"])
      expect(Array.isArray(await search(manuals.id, { query }))).toBe(true);
  });

  it('refuses bad requests with 400 {message} naming the field and its limit', async () => {
    const q = (body: unknown) => post(`${base}/${manuals.id}/query`, body);
    await expectError(await q({ query: '' }), 400, /query must not be empty/);
    await expectError(await q({ query: '   ' }), 400, /query must not be empty/);
    await expectError(await q({}), 400, /query/);
    await expectError(await q({ query: 'x'.repeat(1001) }), 400, /query.*1000/);
    await expectError(await q({ query: 'x', topK: 0 }), 400, /topK.*1 to 100/);
    await expectError(await q({ query: 'x', topK: 101 }), 400, /topK.*1 to 100/);
    await expectError(await q({ query: 'x', topK: 2.5 }), 400, /topK/);
    await expectError(await q({ query: 'x', topK: '5' }), 400, /topK/);
    await expectError(await q({ query: 'x', directoryPath: '../etc' }), 400, /directoryPath/);
    await expectError(await q({ query: 'x', directoryPath: 'x'.repeat(1025) }), 400, /1024/);
    await expectError(
      await q({ query: 'x', pathPrefixFilter: 'a\u0000' }),
      400,
      /pathPrefixFilter/,
    );
    await expectError(await q({ query: 'a\u0000b' }), 400);
    await expectError(await q([]), 400);
    await expectError(await post(`${base}/${manuals.id}/query`), 400, /body/);
    await expectError(await post(`${base}/nope/query`, { query: 'x' }), 404, /nope/);
  });
});

describe('upload and delete files', () => {
  it('uploads a file whose hash is the sha256 of its bytes; search then finds it', async () => {
    const text = '# Moonlight gardening\n\nPlant the quillowort seeds after dusk.\n';
    const res = await upload(
      manuals.id,
      'night.md',
      text,
      new Blob([JSON.stringify({ directoryPath: '/tests/uploads/' })], {
        type: 'application/json',
      }),
    );
    expect(res.status).toBe(200);
    const file = filesetFile.parse(await res.json());
    expect(file).toMatchObject({
      path: 'tests/uploads/night.md',
      name: 'night.md',
      contentType: 'text/markdown',
      size: Buffer.byteLength(text),
      hash: sha256(text),
      hashAlgorithm: 'SHA_256_HEX',
      createdBy: 1,
    });
    const [match] = await search(manuals.id, { query: 'quillowort seeds' });
    expect(match?.node).toMatchObject({
      id: file.id,
      path: file.path,
      size: file.size,
      type: 'FILE',
    });
    expect(match?.content?.text).toContain('<mark>quillowort</mark>');
    const listed = await listAll(manuals.id, '&directoryPath=tests/uploads');
    expect(listed).toEqual([file]);
  });

  it('stores any bytes with their real hash; bytes that are not text are not searchable', async () => {
    const bytes = new Uint8Array([0, 159, 146, 150, 255, 1, 2, 3]);
    const res = await upload(manuals.id, 'blob.bin', bytes, undefined, 'application/octet-stream');
    expect(res.status).toBe(200);
    const file = filesetFile.parse(await res.json());
    expect(file).toMatchObject({ path: 'blob.bin', size: 8, hash: sha256(bytes) });
    const json = await upload(manuals.id, 'data.json', '{"a": "plinkerton"}', '{}', '');
    expect(filesetFile.parse(await json.json()).contentType).toBe('application/json');
    expect((await search(manuals.id, { query: 'plinkerton' })).map((m) => m.node.name)).toEqual([
      'data.json',
    ]);
  });

  it('takes a large file of unique tokens; its first 200,000 characters are searchable', async () => {
    const lines = Array.from({ length: 40_000 }, (_, i) => `${randomUUID()},${i}`);
    lines[10] = `${lines[10]},glimmerwhisk`;
    lines[39_000] = `${lines[39_000]},farawayword`;
    const csv = `id,n\n${lines.join('\n')}\n`;
    const res = await upload(
      runbooks.id,
      'ids.csv',
      csv,
      '{"directoryPath":"tests/large"}',
      'text/csv',
    );
    expect(res.status).toBe(200);
    expect(filesetFile.parse(await res.json())).toMatchObject({
      size: csv.length,
      hash: sha256(csv),
    });
    expect((await search(runbooks.id, { query: 'glimmerwhisk' })).map((m) => m.node.path)).toEqual([
      'tests/large/ids.csv',
    ]);
    expect(await search(runbooks.id, { query: 'farawayword' })).toEqual([]);
  });

  it('refuses bad uploads with 4xx {message}', async () => {
    // [file name, createFileRequest, status, message]
    const refused: Array<[string, string | undefined, number, RegExp]> = [
      ['night.md', '{"directoryPath":"tests/uploads"}', 409, /exists/],
      ['a.md', '{not json', 400, /createFileRequest.*JSON/],
      ['a.md', '{"directoryPath": 3}', 400, /directoryPath/],
      ['a.md', '{"directoryPath": "a/../../b"}', 400, /directoryPath/],
      [`${'n'.repeat(256)}.md`, undefined, 400, /255/],
    ];
    for (const [name, request, status, message] of refused)
      await expectError(await upload(manuals.id, name, 'x', request), status, message);
    const noFile = new FormData();
    noFile.append('createFileRequest', '{}');
    await expectError(
      await platform.api(`${base}/${manuals.id}/files`, { method: 'POST', body: noFile }),
      400,
      /"file"/,
    );
    await expectError(
      await platform.api(`${base}/${manuals.id}/files`, { method: 'POST', json: { file: 'x' } }),
      400,
      /multipart/,
    );
    await expectError(
      await upload(manuals.id, 'a.md', 'x', JSON.stringify({ directoryPath: 'x'.repeat(70_000) })),
      400,
      /createFileRequest.*65536 bytes/,
    );
    await expectError(
      await upload(
        manuals.id,
        'a.md',
        'x',
        new Blob(['{"directoryPath":"', 'y'.repeat(70_000), '"}']),
      ),
      400,
      /createFileRequest.*65536 bytes/,
    );
    await expectError(await upload('nope', 'a.md', 'x'), 404, /nope/);
  });

  it('refuses a file over 10 MiB with 413 naming the limit', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1).fill(97);
    await expectError(await upload(manuals.id, 'big.txt', big), 413, /10485760 bytes/);
  });

  it('deletes a file: gone from the listing, the count and search; a second delete is 404', async () => {
    const res = await upload(
      runbooks.id,
      'gone.md',
      'The snarflewick procedure.',
      '{"directoryPath":"tests"}',
    );
    const file = filesetFile.parse(await res.json());
    const count = async () =>
      filesetSchema.parse(await (await platform.api(`${base}/${runbooks.id}`)).json()).fileCount;
    const before = await count();
    expect(await search(runbooks.id, { query: 'snarflewick' })).toHaveLength(1);

    const del = await platform.api(`${base}/${runbooks.id}/files/${file.id}/`, {
      method: 'DELETE',
    });
    expect(del.status).toBe(204);
    expect(await count()).toBe(before - 1);
    expect(await search(runbooks.id, { query: 'snarflewick' })).toEqual([]);
    expect((await listAll(runbooks.id, '', 1000)).map((f) => f.id)).not.toContain(file.id);
    await expectError(
      await platform.api(`${base}/${runbooks.id}/files/${file.id}`, { method: 'DELETE' }),
      404,
      /No file/,
    );
    const other = filesetFileList.parse(
      await (await post(`${base}/${manuals.id}/files/search?limit=1`)).json(),
    ).files[0]!;
    await expectError(
      await platform.api(`${base}/${runbooks.id}/files/${other.id}`, { method: 'DELETE' }),
      404,
    );
  });
});

describe('file counts (kept by the database, migration 160)', () => {
  const count = async (id: string) =>
    filesetSchema.parse(await (await platform.api(`${base}/${id}`)).json()).fileCount;

  it('matches the files listed, for every fileset', async () => {
    for (const { id } of SAMPLE_FILESETS)
      expect(await count(id)).toBe((await listAll(id, '', 1000)).length);
  });

  it('follows files added and removed by any statement, and not a refused upload', async () => {
    const before = await count(manuals.id);
    const res = await upload(manuals.id, 'counted.md', 'one more', '{"directoryPath":"count"}');
    expect(res.status).toBe(200);
    expect(await count(manuals.id)).toBe(before + 1);
    expect(
      (await upload(manuals.id, 'counted.md', 'again', '{"directoryPath":"count"}')).status,
    ).toBe(409);
    expect(await count(manuals.id)).toBe(before + 1);

    // Several files in one statement, into two filesets (as the seed and the bench add them).
    await platform.db.query(
      `INSERT INTO fileset_files (id, fileset_id, path, name, file_type, content_type, size, hash,
         created, created_by, body, text_content)
       SELECT 'count-' || i || '-' || f, f, 'count/bulk-' || i || '.md', 'bulk-' || i || '.md', 'FILE',
         'text/markdown', 1, 'h', now(), 1, '\\x61', 'a'
       FROM generate_series(1, 3) AS i, unnest($1::text[]) AS f`,
      [[manuals.id, runbooks.id]],
    );
    const runbooksBefore = (await listAll(runbooks.id, '', 1000)).length;
    expect(await count(manuals.id)).toBe(before + 4);
    expect(await count(runbooks.id)).toBe(runbooksBefore);
    await platform.db.query(`DELETE FROM fileset_files WHERE path LIKE 'count/%'`);
    expect(await count(manuals.id)).toBe(before);
    expect(await count(runbooks.id)).toBe(runbooksBefore - 3);
  });
});

describe('download a file (platform-gaps.md)', () => {
  const download = (filesetId: string, fileId: string) =>
    platform.api(`${base}/${filesetId}/files/${encodeURIComponent(fileId)}/download`);

  it('answers the bytes as uploaded, with the file’s content type and name', async () => {
    const bytes = new Uint8Array([0, 159, 146, 150, 255, 1, 2, 3]);
    const binary = filesetFile.parse(
      await (
        await upload(runbooks.id, 'raw.bin', bytes, '{"directoryPath":"dl"}', 'image/png')
      ).json(),
    );
    const res = await download(runbooks.id, binary.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="raw.bin"; filename*=UTF-8''raw.bin`,
    );
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);

    const text = 'Grüße from the flumberwick runbook.\n';
    const markdown = filesetFile.parse(
      await (await upload(runbooks.id, 'grüße.md', text, '{"directoryPath":"dl"}')).json(),
    );
    const answer = await download(runbooks.id, markdown.id);
    expect(answer.headers.get('content-type')).toBe('text/markdown');
    expect(await answer.text()).toBe(text);
  });

  it('answers 404 {message} for an unknown file, a file of another fileset or an unknown fileset', async () => {
    const other = filesetFileList.parse(
      await (await post(`${base}/${manuals.id}/files/search?limit=1`)).json(),
    ).files[0]!;
    await expectError(await download(runbooks.id, other.id), 404, /No file/);
    await expectError(await download(runbooks.id, 'no-such-file'), 404, /No file no-such-file/);
    await expectError(await download(randomUUID(), other.id), 404, /No fileset/);
    expect((await download(manuals.id, other.id)).status).toBe(200);
  });
});
