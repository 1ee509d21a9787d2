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
  pageContext: z.object({ offset: z.number().int(), limit: z.number().int(), total: z.number().int() }),
});

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

/** 4.7 Query Files; topK bounds 1..100, default 10 (choice). */
export const fileQueryBody = z.object({
  query: z.string().trim().min(1, 'query must not be empty'),
  directoryPath: z.string().optional(),
  pathPrefixFilter: z.string().optional(),
  topK: z.number().int().min(1).max(100).optional(),
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
});
export const fileQueryResult = z.object({ matches: z.array(fileQueryMatch) });
