import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fileMetadata,
  messageError,
  PREVIEW_MAX_BYTES,
  revisionPreview,
  uploadDataFileResult,
} from '../../../src/api/contract';
import { sampleUsers, startWithSampleUsers } from '../testing/users';
import type { TestPlatform } from '../testing';

// A CSV or text revision's first lines, before downloading it; on PGlite, and on
// PostgreSQL when DATABASE_URL is set.
let platform: TestPlatform;
let as: Awaited<ReturnType<typeof sampleUsers>>;
beforeAll(async () => {
  ({ platform, as } = await startWithSampleUsers(sampleUsers));
});
afterAll(() => platform.close());

/** Uploads as Chloe (not an Admin); answers the file and its current revision's ids. */
async function upload(name: string, body: BodyInit, contentType: string) {
  const res = await as('chloe', `/api/data/v1/data-files?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body,
    contentType,
  });
  expect(res.status).toBe(200);
  const { dataFileId } = uploadDataFileResult.parse(await res.json());
  const details = await as(
    'chloe',
    `/api/data/v1/data-files/${dataFileId}/details?expand=revisions`,
  );
  const file = fileMetadata.parse(await details.json());
  return { fileId: dataFileId, revisionId: file.currentRevision!.dataFileRevisionId };
}
const previewPath = (f: { fileId: number; revisionId: number }, query = '') =>
  `/api/data/v1/data-files/${f.fileId}/revisions/${f.revisionId}/preview${query}`;

describe('revision preview (gaps.md)', () => {
  it('answers the first rows of a CSV, parsed into cells (quotes and commas kept in a cell)', async () => {
    const csv = 'city,note\nLyon,"big, old"\nNice,sunny\nLille,north\n';
    const file = await upload('preview-cities.csv', csv, 'text/csv');
    const res = await as('chloe', previewPath(file, '?lines=3'));
    expect(res.status).toBe(200);
    const preview = revisionPreview.parse(await res.json());
    expect(preview).toMatchObject({
      format: 'csv',
      truncated: true,
      lines: ['city,note', 'Lyon,"big, old"', 'Nice,sunny'],
      rows: [
        ['city', 'note'],
        ['Lyon', 'big, old'],
        ['Nice', 'sunny'],
      ],
    });
    const all = revisionPreview.parse(await (await as('chloe', previewPath(file))).json());
    expect(all.truncated).toBe(false);
    expect(all.rows).toHaveLength(4);
  });

  it('reads only the start of a large text revision: whole lines, never the cut one', async () => {
    const line = (i: number) => `line ${String(i).padStart(6, '0')} ${'x'.repeat(80)}`;
    const text = Array.from({ length: 20_000 }, (_, i) => line(i)).join('\n'); // ~1.8 MB
    expect(text.length).toBeGreaterThan(PREVIEW_MAX_BYTES * 20);
    const file = await upload('preview-big.log', text, 'text/plain');
    const preview = revisionPreview.parse(
      await (await as('chloe', previewPath(file, '?lines=100'))).json(),
    );
    expect(preview.format).toBe('text');
    expect(preview.truncated).toBe(true);
    expect(preview.lines).toHaveLength(100);
    expect(preview.lines[99]).toBe(line(99));
  });

  it('refuses a binary type or bytes that are not text with 415, and a bad line count with 400', async () => {
    const png = await upload('picture.png', new Uint8Array([137, 80, 78, 71, 0, 1]), 'image/png');
    const refused = await as('chloe', previewPath(png));
    expect(refused.status).toBe(415);
    expect(messageError.parse(await refused.json()).message).toMatch(/CSV and text.*image\/png/);
    const nul = await upload('nul.txt', new Uint8Array([104, 105, 0, 10]), 'text/plain');
    expect((await as('chloe', previewPath(nul))).status).toBe(415);
    const csv = await upload('lines.csv', 'a\n1\n', 'text/csv');
    for (const q of ['?lines=0', '?lines=101', '?lines=x']) {
      const res = await as('chloe', previewPath(csv, q));
      expect(res.status, q).toBe(400);
      expect(messageError.parse(await res.json()).message).toMatch(/lines/);
    }
    const unknown = await as('chloe', previewPath({ ...csv, revisionId: 999_999 }));
    expect(unknown.status).toBe(404);
  });

  it('is read under the data file rule: its owner and Admins, 404 for any other user', async () => {
    const file = await upload('preview-private.csv', 'secret\n42\n', 'text/csv');
    expect((await as('ada', previewPath(file))).status).toBe(200);
    for (const who of ['dev', 'eve', 'ben'] as const) {
      const res = await as(who, previewPath(file));
      const body = await res.text();
      expect(res.status, who).toBe(404);
      expect(body).not.toContain('secret');
      expect(body).toContain(`No data file ${file.fileId}`);
    }
  });

  it('previews a sample revision held in the database as well as an upload on disk', async () => {
    const seeded = fileMetadata
      .array()
      .parse(await (await as('ada', '/api/data/v1/data-files/details?expand=revisions')).json());
    const sample = seeded.find((f) => f.currentRevision?.contentType.includes('csv'))!;
    const res = await as(
      'ada',
      previewPath({
        fileId: sample.dataFileId,
        revisionId: sample.currentRevision!.dataFileRevisionId,
      }),
    );
    expect(res.status).toBe(200);
    const preview = revisionPreview.parse(await res.json());
    expect(preview.rows!.length).toBeGreaterThan(1);
  });
});
