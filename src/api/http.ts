import type { $ZodType, output } from 'zod/v4/core';
import { ApiError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions<S extends $ZodType> {
  method?: HttpMethod;
  /** A same-origin path (`/api/...`, `/v1/...`, `/gateway/...`); build it with {@link path}. */
  path: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /**
   * Every 2xx answer is parsed with it; a 204 is parsed as `undefined`. Any zod schema (classic or
   * zod/mini), or a function that imports it: the first page's requests load their schemas, and
   * zod with them, while the request is under way (src/api/contract/first-page), so that zod is
   * not in the JS the first screen waits for.
   */
  schema: S | (() => Promise<S>);
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

/** A Standard Schema issue, as zod reports them. */
interface Issue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}

function describeIssue(issue: Issue): string {
  const where = (issue.path ?? [])
    .map((segment) => (typeof segment === 'object' ? segment.key : segment))
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
  const parser = Promise.resolve(typeof schema === 'function' ? schema() : schema);
  parser.catch(() => undefined); // awaited below, unless the request fails first
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

  // zod's Standard Schema interface: its safeParse, without importing zod here.
  const parsed = await (await parser)['~standard'].validate(answer.value);
  if (parsed.issues) {
    const first = parsed.issues[0];
    throw ApiError.contract(label, first ? describeIssue(first) : 'invalid body');
  }
  return parsed.value;
}
