import { safeParse, type $ZodIssue, type $ZodType, type output } from 'zod/v4/core';
import { ApiError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

/** Any zod schema: classic, or zod/mini (the first page's answers, src/api/contract/first-page). */
export interface RequestOptions<S extends $ZodType> {
  method?: HttpMethod;
  /** A same-origin path (`/api/...`, `/v1/...`, `/gateway/...`); build it with {@link path}. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Every 2xx answer is parsed with it; a 204 is parsed as `undefined`. */
  schema: S;
  signal?: AbortSignal;
}

/** Builds a path whose interpolated segments are always URI-encoded: path`/x/${id}`. */
export function path(strings: TemplateStringsArray, ...segments: (string | number)[]): string {
  return strings.reduce(
    (out, part, i) => out + part + (i < segments.length ? encodeURIComponent(segments[i]!) : ''),
    '',
  );
}

function withQuery(base: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${base}?${search}` : base;
}

type Body = { json: true; value: unknown } | { json: false; text: string };

/** An empty body reads as `undefined` (a 204, or a DELETE answered with 200 and nothing). */
function readBody(text: string): Body {
  if (text.trim() === '') return { json: true, value: undefined };
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    return { json: false, text };
  }
}

function describeIssue(issue: $ZodIssue): string {
  const where = issue.path
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i ? '.' : ''}${String(key)}`))
    .join('');
  return where ? `${where}: ${issue.message}` : issue.message;
}

/**
 * The one way the console talks to the server. Same-origin only, JSON in and out; tokens are the
 * gateway's business, so no header here ever carries one.
 */
export async function request<S extends $ZodType>({
  method = 'GET',
  path: target,
  query,
  body,
  schema,
  signal,
}: RequestOptions<S>): Promise<output<S>> {
  const url = withQuery(target, query);
  const label = `${method} ${target}`;
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    text = res.status === 204 ? '' : await res.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw ApiError.network(label);
  }

  const answer = readBody(text);
  if (!res.ok) throw ApiError.fromResponse(res, answer.json ? answer.value : answer.text, label);
  if (!answer.json) throw ApiError.contract(label, 'the body is not JSON');

  const parsed = safeParse(schema, answer.value);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw ApiError.contract(label, first ? describeIssue(first) : 'invalid body');
  }
  return parsed.data;
}
