import { http, HttpResponse } from 'msw';
import type { Fileset, FilesetFile } from '../../../api/contract';
import { server } from '../../../test/server';

export const aFileset = (overrides: Partial<Fileset> = {}): Fileset => ({
  id: 'fs-manuals',
  name: 'Product manuals',
  description: 'How to set up and care for our products',
  created: '2026-09-01T08:00:00.000Z',
  createdBy: 1,
  updated: '2026-11-20T08:00:00.000Z',
  owner: 1,
  fileCount: 0,
  ...overrides,
});

export interface FakeFile {
  path: string;
  content: string;
  contentType?: string;
  createdBy?: number;
}

export interface FakeFileset {
  fileset: Fileset;
  files: (FilesetFile & { content: string })[];
}

const toFile = (filesetId: string, f: FakeFile, i: number): FakeFileset['files'][number] => ({
  id: `${filesetId}-file-${i}`,
  path: f.path,
  name: f.path.split('/').pop()!,
  fileType: 'FILE',
  contentType: f.contentType ?? 'text/markdown',
  size: new TextEncoder().encode(f.content).byteLength,
  hash: 'a'.repeat(64),
  hashAlgorithm: 'SHA_256_HEX',
  created: '2026-11-01T09:30:00.000Z',
  createdBy: f.createdBy ?? 1001,
  content: f.content,
});

const publicFile = ({ content: _content, ...file }: FakeFileset['files'][number]) => file;

/**
 * Filesets and their files, searched like the platform does: a file matches when it holds every
 * word of the query; its score grows with the hits; its passage marks them with <mark>.
 */
export function givenFilesets(filesets: { fileset: Fileset; files: FakeFile[] }[]) {
  const state: FakeFileset[] = filesets.map(({ fileset, files }) => ({
    fileset,
    files: files.map((f, i) => toFile(fileset.id, f, i)),
  }));
  const queries: unknown[] = [];
  const find = (id: unknown) => state.find((s) => s.fileset.id === id);
  const missing = (id: unknown) =>
    HttpResponse.json({ message: `No fileset ${String(id)}` }, { status: 404 });

  server.use(
    http.post('/api/files/v1/filesets/search', () =>
      HttpResponse.json({
        fileSets: state.map((s) => ({ ...s.fileset, fileCount: s.files.length })),
        pageContext: { offset: 0, limit: 100, total: state.length },
      }),
    ),
    http.post('/api/files/v1/filesets/:id/files/search', ({ params }) => {
      const fs = find(params.id);
      if (!fs) return missing(params.id);
      const files = [...fs.files].sort((a, b) => (a.path < b.path ? -1 : 1)).map(publicFile);
      return HttpResponse.json({ files, pageContext: { next: null } });
    }),
    http.post('/api/files/v1/filesets/:id/query', async ({ params, request }) => {
      const fs = find(params.id);
      if (!fs) return missing(params.id);
      const body = (await request.json()) as {
        query: string;
        directoryPath?: string;
        topK?: number;
      };
      queries.push(body);
      const words = body.query.toLowerCase().split(/\s+/).filter(Boolean);
      const prefix = body.directoryPath ? `${body.directoryPath.replace(/\/+$/, '')}/` : '';
      const matches = fs.files
        .filter((f) => f.path.startsWith(prefix))
        .map((f) => {
          const hits = words.map((w) => f.content.toLowerCase().split(w).length - 1);
          return { file: f, hits: hits.every((n) => n > 0) ? hits.reduce((a, b) => a + b, 0) : 0 };
        })
        .filter((m) => m.hits > 0)
        .sort((a, b) => b.hits - a.hits)
        .slice(0, body.topK ?? 10)
        .map(({ file, hits }) => ({
          id: file.id,
          score: hits / (hits + 1),
          node: {
            id: file.id,
            path: file.path,
            name: file.name,
            fileType: 'FILE',
            contentType: file.contentType,
            size: file.size,
            created: Date.parse(file.created),
            type: 'FILE',
          },
          content: {
            text: words.reduce(
              (text, w) => text.replace(new RegExp(`(${w})`, 'gi'), '<mark>$1</mark>'),
              file.content,
            ),
            type: 'TEXT',
          },
        }));
      return HttpResponse.json({ matches });
    }),
    http.get('/api/files/v1/filesets/:id/files/:fileId/download', ({ params }) => {
      const file = find(params.id)?.files.find((f) => f.id === params.fileId);
      if (!file) return HttpResponse.json({ message: 'No file' }, { status: 404 });
      return new HttpResponse(file.content, { headers: { 'content-type': file.contentType } });
    }),
    http.post('/api/files/v1/filesets/:id/files', async ({ params, request }) => {
      const fs = find(params.id);
      if (!fs) return missing(params.id);
      const form = await request.formData();
      const part = form.get('file') as File;
      const { directoryPath = '' } = JSON.parse(
        (form.get('createFileRequest') as string | null) ?? '{}',
      ) as {
        directoryPath?: string;
      };
      const path = [directoryPath.replace(/^\/+|\/+$/g, ''), part.name].filter(Boolean).join('/');
      if (fs.files.some((f) => f.path === path))
        return HttpResponse.json({ message: `A file ${path} already exists` }, { status: 409 });
      const file = toFile(fs.fileset.id, { path, content: await part.text() }, fs.files.length);
      fs.files.push({ ...file, createdBy: 1 });
      return HttpResponse.json(publicFile(fs.files.at(-1)!));
    }),
    http.delete('/api/files/v1/filesets/:id/files/:fileId', ({ params }) => {
      const fs = find(params.id);
      const at = fs?.files.findIndex((f) => f.id === params.fileId) ?? -1;
      if (!fs || at < 0) return HttpResponse.json({ message: 'No file' }, { status: 404 });
      fs.files.splice(at, 1);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { state, queries };
}
