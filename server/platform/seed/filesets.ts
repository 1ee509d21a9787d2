import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { fileset } from '../../../src/api/contract';
import type { Queryable } from '../store';
import { recordFiles } from './fileset-records';
import { sha256Hex, stableUuid } from './ids';
import { dataDir, isoMillis, readData } from './load';

/** The sample files, one folder per fileset; a file's path in its fileset is its path below that folder. */
const filesDir = path.join(dataDir, 'fileset-files');

/**
 * `data/filesets.json`: the sample filesets; each one's files are those below `data/fileset-files/<folder>`
 * and those made from `data/fileset-records/` for that folder.
 */
export const SAMPLE_FILESETS = readData(
  'filesets.json',
  z.array(
    fileset
      .pick({ name: true, description: true, owner: true })
      .extend({ folder: z.string().regex(/^[a-z0-9-]+$/), created: isoMillis })
      .strict(),
  ),
).map((f) => ({ id: stableUuid(`fileset:${f.folder}`), ...f }));

const contentTypes: Record<string, string> = {
  '.md': 'text/markdown',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.json': 'application/json',
};

function listFiles(dir: string, prefix = ''): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory()
        ? listFiles(path.join(dir, e.name), `${prefix}${e.name}/`)
        : [`${prefix}${e.name}`],
    );
}

/** A fileset's written files and the files made from its records, in path order. */
function filesOf(folder: string) {
  const written = listFiles(path.join(filesDir, folder)).map((filePath) => ({
    path: filePath,
    body: fs.readFileSync(path.join(filesDir, folder, filePath)),
  }));
  const files = [...written, ...recordFiles(folder)].sort((a, b) =>
    a.path < b.path ? -1 : a.path > b.path ? 1 : 0,
  );
  const repeated = files.find((f, i) => i > 0 && files[i - 1]!.path === f.path);
  if (repeated) throw new Error(`sample file ${repeated.path} appears twice`);
  return files;
}

export function sampleFilesetFiles() {
  return SAMPLE_FILESETS.flatMap((fileset) =>
    filesOf(fileset.folder).map(({ path: filePath, body }, i, all) => {
      const contentType = contentTypes[path.extname(filePath)];
      if (!contentType)
        throw new Error(`sample file ${filePath}: no content type for its extension`);
      return {
        id: stableUuid(`fileset-file:${fileset.folder}/${filePath}`),
        filesetId: fileset.id,
        path: filePath,
        name: path.basename(filePath),
        contentType,
        body,
        hash: sha256Hex(body),
        // Files arrive over the half year after their fileset was made, by the owner or user 2.
        created: fileset.created + Math.round(((i + 1) * 180 * 86_400_000) / all.length),
        createdBy: i % 3 === 2 ? 2 : fileset.owner,
      };
    }),
  );
}

export async function seedFilesets(tx: Queryable) {
  const files = sampleFilesetFiles();
  const updated = (id: string) =>
    Math.max(...files.filter((f) => f.filesetId === id).map((f) => f.created));
  await tx.query(
    `INSERT INTO filesets (id, name, description, owner, created_by, created, updated)
     SELECT id, name, description, owner, owner, created, updated
     FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::timestamptz[], $6::timestamptz[])
       AS t(id, name, description, owner, created, updated)`,
    [
      SAMPLE_FILESETS.map((s) => s.id),
      SAMPLE_FILESETS.map((s) => s.name),
      SAMPLE_FILESETS.map((s) => s.description),
      SAMPLE_FILESETS.map((s) => s.owner),
      SAMPLE_FILESETS.map((s) => new Date(s.created).toISOString()),
      SAMPLE_FILESETS.map((s) => new Date(updated(s.id)).toISOString()),
    ],
  );
  // Bytes travel as hex so the stored body is exactly what was hashed; the text is derived in
  // SQL from those bytes; its search vector is a generated column (migration 100).
  await tx.query(
    `INSERT INTO fileset_files (id, fileset_id, path, name, file_type, content_type, size, hash, created,
       created_by, body, text_content)
     SELECT id, fileset_id, path, name, 'FILE', content_type, octet_length(body), hash, created, created_by,
       body, text_content
     FROM (
       SELECT id, fileset_id, path, name, content_type, hash, created, created_by, decode(hex, 'hex') AS body,
         convert_from(decode(hex, 'hex'), 'UTF8') AS text_content
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[],
         $8::int[], $9::text[]) AS t(id, fileset_id, path, name, content_type, hash, created, created_by, hex)
     ) AS f`,
    [
      files.map((f) => f.id),
      files.map((f) => f.filesetId),
      files.map((f) => f.path),
      files.map((f) => f.name),
      files.map((f) => f.contentType),
      files.map((f) => f.hash),
      files.map((f) => new Date(f.created).toISOString()),
      files.map((f) => f.createdBy),
      files.map((f) => f.body.toString('hex')),
    ],
  );
}
