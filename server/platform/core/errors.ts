import type { Context } from 'hono';
import { STATUS_CODES } from 'node:http';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { PlatformEnv } from './context';

/** Thrown by services; the app turns it into the error body of the request's area. */
export class PlatformError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly extra: { errorCode?: string; reason?: string } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new PlatformError(400, message);
export const unauthorized = (message = 'Missing or invalid token') =>
  new PlatformError(401, message);
export const forbidden = (message: string) => new PlatformError(403, message);
export const notFound = (message: string) => new PlatformError(404, message);
export const conflict = (message: string) => new PlatformError(409, message);

type Area = 'documents' | 'exports' | 'tags' | 'authentication' | 'other';

function areaOf(path: string): Area {
  // An app's AppDB paths (`/<brand>/datastores/...`) answer as the document store.
  if (path.startsWith('/api/datastores/') || /^\/[a-z0-9-]+\/datastores\//.test(path))
    return 'documents';
  if (path.startsWith('/api/query/v1/export')) return 'exports';
  if (path.startsWith('/api/tags/')) return 'tags';
  if (path.startsWith('/api/content/v2/authentication')) return 'authentication';
  return 'other';
}

/** 7.2 errorCode values (gaps.md choice) by status. */
const exportCodes: Partial<Record<number, string>> = {
  400: 'INVALID_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'DATASET_NOT_FOUND',
};

/** The error body of the spec's area: 7.1 for the document store, 7.2 exports, 7.3 tags. */
export function errorBody(path: string, error: PlatformError, traceId: string) {
  const { status, message } = error;
  switch (areaOf(path)) {
    case 'documents':
      return { message, status, statusReason: STATUS_CODES[status] ?? 'Error', toe: traceId };
    case 'exports':
      return {
        errorCode: error.extra.errorCode ?? exportCodes[status] ?? 'EXPORT_FAILED',
        message,
      };
    case 'authentication':
      return { reason: error.extra.reason ?? 'INVALID_REQUEST', message };
    default:
      // A refusal that names its reason (a console sign-in's) keeps it; every other is 7.3's.
      return error.extra.reason ? { reason: error.extra.reason, message } : { message };
  }
}

export function sendError(c: Context<PlatformEnv>, error: PlatformError) {
  return c.json(errorBody(c.req.path, error, c.get('traceId') ?? ''), error.status);
}
