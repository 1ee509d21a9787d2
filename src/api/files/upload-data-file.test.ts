import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/server';
import { ApiError } from '../errors';
import { addDataFileRevision } from './add-data-file-revision';
import { uploadDataFile } from './upload-data-file';

const endpoint = '/api/data/v1/data-files';

describe('uploadDataFile', () => {
  it('sends the raw bytes with their content type, name and description in the query', async () => {
    let seen: { search: string; type: string | null; body: string } | undefined;
    server.use(
      http.post(endpoint, async ({ request }) => {
        seen = {
          search: new URL(request.url).search,
          type: request.headers.get('content-type'),
          body: await request.text(),
        };
        return HttpResponse.json({ dataFileId: 41 });
      }),
    );
    const file = new File(['a,b\n1,2\n'], 'x.csv', { type: 'text/csv' });
    await expect(
      uploadDataFile({ file, name: 'sales 2026.csv', description: 'Q1 & Q2' }),
    ).resolves.toEqual({ dataFileId: 41 });
    expect(seen).toEqual({
      search: '?name=sales+2026.csv&description=Q1+%26+Q2',
      type: 'text/csv',
      body: 'a,b\n1,2\n',
    });
  });

  it("turns the platform's refusal into an ApiError with its message", async () => {
    server.use(
      http.post(endpoint, () =>
        HttpResponse.json({ message: 'body: the data file is empty' }, { status: 400 }),
      ),
    );
    const error = await uploadDataFile({ file: new File([''], 'e.csv'), name: 'e.csv' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'body: the data file is empty' });
  });

  it('an answer without a data file id is a contract error', async () => {
    server.use(http.post(endpoint, () => HttpResponse.json({ id: 'nope' })));
    await expect(
      uploadDataFile({ file: new File(['x'], 'x.csv'), name: 'x.csv' }),
    ).rejects.toMatchObject({ kind: 'contract' });
  });
});

describe('addDataFileRevision', () => {
  it('puts the bytes on the data file and reports progress up to the whole body', async () => {
    let body: string | undefined;
    server.use(
      http.put('/api/data/v1/data-files/:id', async ({ request, params }) => {
        body = `${String(params.id)}:${await request.text()}`;
        return HttpResponse.json({ revisionId: 9 });
      }),
    );
    const seen: number[] = [];
    await expect(
      addDataFileRevision({ dataFileId: 4, file: new File(['x,y\n'], 'r.csv') }, (p) =>
        seen.push(p.loaded),
      ),
    ).resolves.toEqual({ revisionId: 9 });
    expect(body).toBe('4:x,y\n');
    if (seen.length) expect(seen.at(-1)).toBe(4);
  });
});
