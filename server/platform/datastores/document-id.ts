import { z } from 'zod';

/** An id must fit one path segment, or the document could never be read or deleted again. */
export const documentId = z
  .string()
  .min(1)
  .max(256)
  .regex(/^[^/\\?#%]+$/, 'a document id cannot hold / \\ ? # or %')
  .refine((id) => id !== '.' && id !== '..', 'a document id cannot be . or ..');
