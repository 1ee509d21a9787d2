import '../../zod-config';
import { z } from 'zod';
import { isoDateTime, userIdInt } from './common';

export const fileset = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  created: isoDateTime,
  createdBy: userIdInt,
  updated: isoDateTime,
  owner: userIdInt,
  fileCount: z.number().int(),
});
export type Fileset = z.infer<typeof fileset>;
export const filesetSearchResult = z.object({
  fileSets: z.array(fileset),
  pageContext: z.object({
    offset: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
});

/** List filesets: `filters` keep filesets whose field matches one of `value` (choice). */
export const filesetSearchFilter = z.object({
  field: z.enum(['name', 'description', 'owner', 'createdBy']),
  value: z
    .array(z.union([z.string(), z.number()]))
    .min(1)
    .max(100),
  operator: z.enum(['EQUALS', 'LIKE']).optional(),
  not: z.boolean().optional(),
});
export const filesetSortField = z.enum(['name', 'created', 'updated', 'fileCount']);
export const filesetSearchBody = z.object({
  filters: z.array(filesetSearchFilter).max(20).optional(),
  fieldSort: z
    .array(z.object({ field: filesetSortField, order: z.enum(['ASC', 'DESC']).optional() }))
    .max(4)
    .optional(),
});
export type FilesetSearchBody = z.infer<typeof filesetSearchBody>;

export const filesetFile = z.object({
  id: z.string(),
  path: z.string(),
  name: z.string(),
  fileType: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  hash: z.string(),
  hashAlgorithm: z.literal('SHA_256_HEX'),
  created: isoDateTime,
  createdBy: userIdInt,
});
export type FilesetFile = z.infer<typeof filesetFile>;
export const filesetFileList = z.object({
  files: z.array(filesetFile),
  pageContext: z.object({ next: z.string().nullable().optional() }),
});

export const FILE_QUERY_LIMITS = { queryChars: 1000, pathChars: 1024, topK: 100 } as const;
const pathText = z
  .string()
  .max(FILE_QUERY_LIMITS.pathChars, `at most ${FILE_QUERY_LIMITS.pathChars} characters`);

/** 4.7 Query Files; topK bounds 1..100, default 10 (choice). */
export const fileQueryBody = z.object({
  query: z
    .string()
    .trim()
    .min(1, 'query must not be empty')
    .max(FILE_QUERY_LIMITS.queryChars, `at most ${FILE_QUERY_LIMITS.queryChars} characters`),
  directoryPath: pathText.optional(),
  pathPrefixFilter: pathText.optional(),
  topK: z
    .number()
    .int()
    .min(1, 'topK must be from 1 to 100')
    .max(FILE_QUERY_LIMITS.topK, 'topK must be from 1 to 100')
    .optional(),
});
/** 2.6 */
export const fileQueryMatch = z.object({
  id: z.string(),
  score: z.number(),
  node: z.object({
    id: z.string(),
    path: z.string(),
    name: z.string(),
    fileType: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    created: z.number().int(),
    type: z.string(),
  }),
  /** The passage that matched, hits between `<mark>` and `</mark>`; plain text otherwise (choice). */
  content: z.object({ text: z.string(), type: z.string() }).optional(),
});
export const fileQueryResult = z.object({ matches: z.array(fileQueryMatch) });

/** The `createFileRequest` part of an upload (gaps.md). */
export const createFileRequest = z.object({ directoryPath: pathText.optional() });
