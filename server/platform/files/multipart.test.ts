import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileMetadata, newRevisionResult, uploadDataFileResult } from '../../../src/api/contract';
import { startTestPlatform, type TestPlatform } from '../testing';

// The vendor's client uploads data files as multipart/form-data (part `file`).
let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(() => platform.close());

const csv = 'city,pop\nLyon,522\n';
const md5 = (data: string) => createHash('md5').update(data).digest('hex');
const form = (text: string, type = 'text/csv', part = 'file') => {
  const data = new FormData();
  data.append('note', 'not the file');
  data.append(part, new Blob([text], { type }), 'cities.csv');
  return data;
};
const fileMeta = async (id: number) =>
  fileMetadata.parse(
    await (await platform.api(`/api/data/v1/data-files/${id}/details?expand=revisions`)).json(),
  );

describe('multipart data-file uploads', () => {
  it('store only the file part, with its content type, for a new file and a new revision', async () => {
    const created = await platform.api('/api/data/v1/data-files/?name=cities.csv', {
      method: 'POST',
      body: form(csv),
    });
    expect(created.status).toBe(200);
    const { dataFileId } = uploadDataFileResult.parse(await created.json());
    const download = await platform.api(`/api/data/v1/data-files/${dataFileId}`);
    expect(download.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await download.text()).toBe(csv);
    expect((await fileMeta(dataFileId)).currentRevision?.md5Hash).toBe(md5(csv));

    const next = 'city,pop\nLyon,523\nNice,342\n';
    const revised = await platform.api(`/api/data/v1/data-files/${dataFileId}`, {
      method: 'PUT',
      body: form(next, 'application/vnd.ms-excel'),
    });
    expect(revised.status).toBe(200);
    newRevisionResult.parse(await revised.json());
    const latest = await platform.api(`/api/data/v1/data-files/${dataFileId}`);
    expect(latest.headers.get('content-type')).toBe('application/vnd.ms-excel');
    expect(await latest.text()).toBe(next);
  });

  it('refuses a multipart body without a file part', async () => {
    const res = await platform.api('/api/data/v1/data-files?name=x.csv', {
      method: 'POST',
      body: form(csv, 'text/csv', 'other'),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/part "file"/);
  });

  it('answers details for the ids asked, in their order', async () => {
    const ids: number[] = [];
    for (const name of ['a.csv', 'b.csv', 'c.csv']) {
      const res = await platform.api(`/api/data/v1/data-files?name=${name}`, {
        method: 'POST',
        body: csv,
        headers: {
          'content-type': 'text/csv',
          'X-SERVICE-Developer-Token': platform.tokens.developer,
        },
      });
      ids.push(uploadDataFileResult.parse(await res.json()).dataFileId);
    }
    const res = await platform.api(
      `/api/data/v1/data-files/details/?ids=${ids[2]},${ids[0]}&expand=revisions`,
    );
    expect(res.status).toBe(200);
    const files = fileMetadata.array().parse(await res.json());
    expect(files.map((f) => f.name)).toEqual(['c.csv', 'a.csv']);
    expect(files[0]!.revisions).toHaveLength(1);
    const bad = await platform.api('/api/data/v1/data-files/details?ids=x,1');
    expect(bad.status).toBe(400);
  });
});
