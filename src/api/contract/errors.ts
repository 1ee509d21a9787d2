import '../../zod-config';
import { z } from 'zod';

/** 7.1: document-store error body; `toe` is the trace id support asks for. */
export const documentStoreError = z.object({
  message: z.string(),
  status: z.number().int(),
  statusReason: z.string(),
  toe: z.string(),
});
export type DocumentStoreError = z.infer<typeof documentStoreError>;

/** 7.2: export error body. `errorCode` values are a project choice (gaps.md). */
export const exportErrorCode = z.enum([
  'INVALID_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'DATASET_NOT_FOUND',
  'EXPORT_FAILED',
]);
export const exportError = z.object({ errorCode: z.string(), message: z.string() });
export type ExportError = z.infer<typeof exportError>;

/** 7.3: tag (certification) error body; also the shape of most other areas' errors. */
export const messageError = z.object({ message: z.string() });
export type MessageError = z.infer<typeof messageError>;

/** Session authentication failure (gaps.md). */
export const authenticationError = z.object({ reason: z.string(), message: z.string().optional() });

/** The gateway's own errors (421, 403, 413, 502, 504): they name the upstream, never a token. */
export const gatewayError = z.object({ message: z.string(), upstream: z.string().optional() });
