import { createHash } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import type { FileMetadata, FileRevision } from '../../../api/contract/files';
import { server } from '../../../test/server';

const hash = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');

export interface FakeFile {
  name: string;
  description?: string;
  /** Each revision's text, oldest first. */
  contents: string[];
  scanStates?: string[];
}

/**
 * Data files as the platform keeps them (2.7, 4.12, gaps.md): a list paged by limit/offset and
 * searched by `nameLike`, details with `expand`, and uploads (POST a new file, PUT a revision)
 * that hash the bytes they receive.
 */
export function givenDataFiles(initial: FakeFile[], { failList = false } = {}) {
  let nextFile = 1;
  let nextRevision = 100;
  const files: (Omit<FileMetadata, 'revisions' | 'currentRevision'> & {
    revisions: FileRevision[];
  })[] = [];
  const listRequests: URLSearchParams[] = [];

  const addRevision = (
    dataFileId: number,
    text: string,
    contentType: string,
    scanState = 'SAFE',
  ) => {
    const revision: FileRevision = {
      dataFileRevisionId: nextRevision++,
      dataFileId,
      contentType,
      uploadUserId: 1001,
      sizeBytes: new TextEncoder().encode(text).byteLength,
      uploadTimeMillis: 12,
      md5Hash: hash('md5', text),
      sha256HashValue: hash('sha256', text),
      datetimeUploaded: Date.UTC(2026, 10, 20, 9, nextRevision % 60),
      scanState,
    };
    files.find((f) => f.dataFileId === dataFileId)!.revisions.unshift(revision);
    return revision.dataFileRevisionId;
  };
  const addFile = (name: string, description = '') => {
    const dataFileId = nextFile++;
    files.push({
      dataFileId,
      name,
      description,
      responsibleUserId: 1001,
      datetimeCreated: Date.UTC(2026, 10, 1),
      existing: true,
      revisions: [],
    });
    return dataFileId;
  };
  for (const file of initial) {
    const id = addFile(file.name, file.description);
    file.contents.forEach((text, i) =>
      addRevision(id, text, 'text/csv', file.scanStates?.[i] ?? 'SAFE'),
    );
  }

  const shape = (file: (typeof files)[number], expand: string | null): FileMetadata => ({
    ...file,
    revisions: expand?.includes('revisions') ? file.revisions : undefined,
    currentRevision: expand ? file.revisions[0] : undefined,
  });

  server.use(
    http.get('/api/data/v1/data-files/details', ({ request }) => {
      const params = new URL(request.url).searchParams;
      listRequests.push(params);
      if (failList)
        return HttpResponse.json({ message: 'The platform is resting' }, { status: 503 });
      const like = params.get('nameLike')?.toLowerCase();
      const offset = Number(params.get('offset') ?? 0);
      const limit = Number(params.get('limit') ?? 100);
      return HttpResponse.json(
        files
          .filter((f) => !like || f.name.toLowerCase().includes(like))
          .slice(offset, offset + limit)
          .map((f) => shape(f, params.get('expand'))),
      );
    }),
    http.get('/api/data/v1/data-files/:id/details', ({ params, request }) => {
      const file = files.find((f) => f.dataFileId === Number(params.id));
      if (!file)
        return HttpResponse.json({ message: `No data file ${String(params.id)}` }, { status: 404 });
      return HttpResponse.json(shape(file, new URL(request.url).searchParams.get('expand')));
    }),
    // A revision's bytes; one the scan flagged UNSAFE only once the warning was acknowledged.
    http.get('/api/data/v1/data-files/:id/revisions/:rid', ({ params, request }) => {
      const revision = files
        .find((f) => f.dataFileId === Number(params.id))
        ?.revisions.find((r) => r.dataFileRevisionId === Number(params.rid));
      if (!revision)
        return HttpResponse.json({ message: `No revision ${String(params.rid)}` }, { status: 404 });
      const acknowledged = new URL(request.url).searchParams.get('acknowledgeUnsafe') === 'true';
      if (revision.scanState === 'UNSAFE' && !acknowledged)
        return HttpResponse.json(
          {
            status: 409,
            statusReason: 'Conflict',
            message: `The virus scan found revision ${revision.dataFileRevisionId} UNSAFE`,
            toe: 'TOE-UNSAFE-1',
          },
          { status: 409 },
        );
      return new HttpResponse('city,population\n', { headers: { 'content-type': 'text/csv' } });
    }),
    http.post('/api/data/v1/data-files', async ({ request }) => {
      const params = new URL(request.url).searchParams;
      const text = await request.text();
      if (!text)
        return HttpResponse.json({ message: 'body: the data file is empty' }, { status: 400 });
      const dataFileId = addFile(params.get('name')!, params.get('description') ?? '');
      addRevision(
        dataFileId,
        text,
        request.headers.get('content-type') ?? 'application/octet-stream',
      );
      return HttpResponse.json({ dataFileId });
    }),
    http.put('/api/data/v1/data-files/:id', async ({ params, request }) => {
      const id = Number(params.id);
      if (!files.some((f) => f.dataFileId === id))
        return HttpResponse.json({ message: `No data file ${id}` }, { status: 404 });
      const text = await request.text();
      if (text.includes('TOO BIG'))
        return HttpResponse.json({ message: 'The body is larger than 10 MiB' }, { status: 413 });
      const revisionId = addRevision(id, text, request.headers.get('content-type') ?? 'text/csv');
      return HttpResponse.json({ revisionId });
    }),
  );
  return { files, listRequests, hash };
}
