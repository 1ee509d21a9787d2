import { isRouteErrorResponse } from 'react-router';

/** What a route's error says: an error response's status, or the error's message. */
export function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}
