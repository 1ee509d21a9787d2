import type { Fileset, FilesetFile } from '../../../src/api/contract';
import { fileQueryMatch } from '../../../src/api/contract';
import type { FileRow, FilesetRow, MatchRow } from './repository';

const iso = (d: Date | string) => new Date(d).toISOString();

export const toFileset = (f: FilesetRow): Fileset => ({
  id: f.id,
  name: f.name,
  description: f.description,
  created: iso(f.created),
  createdBy: f.created_by,
  updated: iso(f.updated),
  owner: f.owner,
  fileCount: f.file_count,
});

export const toFilesetFile = (f: FileRow): FilesetFile => ({
  id: f.id,
  path: f.path,
  name: f.name,
  fileType: f.file_type,
  contentType: f.content_type,
  size: f.size,
  hash: f.hash,
  hashAlgorithm: 'SHA_256_HEX',
  created: iso(f.created),
  createdBy: f.created_by,
});

/** 2.6: one match per file; its `id` is the file's. */
export const toQueryMatch = (m: MatchRow) =>
  fileQueryMatch.parse({
    id: m.id,
    score: m.score,
    node: {
      id: m.id,
      path: m.path,
      name: m.name,
      fileType: m.file_type,
      contentType: m.content_type,
      size: m.size,
      created: new Date(m.created).getTime(),
      type: m.file_type,
    },
    ...(m.snippet ? { content: { text: m.snippet, type: 'TEXT' } } : {}),
  });
