import { API_ANSWER_HEADERS } from './headers';

/** Every answer the gateway writes itself is JSON with at least a `message`. */
export function jsonError(
  status: number,
  message: string,
  extra: Record<string, string | number> = {},
): Response {
  return new Response(JSON.stringify({ message, ...extra }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...API_ANSWER_HEADERS },
  });
}
