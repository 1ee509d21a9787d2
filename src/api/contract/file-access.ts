import { z } from 'zod';
import { accessDecision } from './access';

/** What may be done with a data file: read it, upload a revision, change its details, delete it. */
export const dataFileOperations = ['read', 'revise', 'update', 'delete'] as const;
export type DataFileOperation = (typeof dataFileOperations)[number];
/** `GET /api/access/v1/data-files/{id}`: what the caller may do with one data file. */
export const dataFileAccess = z.object({
  operations: z.object({
    read: accessDecision,
    revise: accessDecision,
    update: accessDecision,
    delete: accessDecision,
  }),
});
export type DataFileAccess = z.infer<typeof dataFileAccess>;

/** What may be done with a fileset: read it and its files, upload files, delete files. */
export const filesetOperations = ['read', 'uploadFile', 'deleteFile'] as const;
export type FilesetOperation = (typeof filesetOperations)[number];
/** `GET /api/access/v1/filesets/{id}`: what the caller may do with one fileset. */
export const filesetAccess = z.object({
  operations: z.object({
    read: accessDecision,
    uploadFile: accessDecision,
    deleteFile: accessDecision,
  }),
});
export type FilesetAccess = z.infer<typeof filesetAccess>;
