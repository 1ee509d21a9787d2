import type { Context } from 'hono';
import type { z } from 'zod';
import { PlatformError, badRequest } from './errors';

export const MAX_BODY_BYTES = 10 * 1024 * 1024;
const utf8 = new TextDecoder();
/** A body this small is read in one piece (a workflow start, a document). */
const SMALL_BODY_BYTES = 64 * 1024;
/** JSON nested deeper than this is refused (400) before anything recurses over it. */
export const MAX_JSON_DEPTH = 100;

/** The nesting depth of a parsed JSON value, without recursion (so no stack overflow). */
export function jsonDepth(value: unknown, stopAbove = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > stopAbove) return deepest;
    for (const child of Object.values(node)) stack.push([child, level]);
  }
  return deepest;
}

/** Names the first bad field the way a person reads it: `content.name: expected string`. */
export function describeIssue(error: z.ZodError, what = 'body') {
  const issue = error.issues[0];
  if (!issue) return `invalid ${what}`;
  const where = issue.path.length ? issue.path.join('.') : what;
  return `${where}: ${issue.message}`;
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what = 'body',
): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describeIssue(result.error, what));
  return result.data;
}

/** Reads at most MAX_BODY_BYTES (413 past that) and never answers bad JSON with a 500. */
export async function readRawBody(c: Context, limit = MAX_BODY_BYTES): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (declared > limit) throw new PlatformError(413, `request body is larger than ${limit} bytes`);
  // A small body of declared length (Node's parser holds the body to it) is read whole by the
  // Node server without a web stream; any other is read as a stream, cut at `limit`.
  if (Number.isInteger(declared) && declared <= SMALL_BODY_BYTES)
    return new Uint8Array(await c.req.raw.arrayBuffer());
  const tooLarge = () => new PlatformError(413, `request body is larger than ${limit} bytes`);
  return readAtMost(c.req.raw.body, limit, tooLarge);
}

/**
 * A body read to its end, or `tooLarge()` thrown (the stream cancelled) once it passes `limit`
 * bytes: what the platform takes in (requests) and what it reads from outside (providers).
 */
export async function readAtMost(
  body: ReadableStream<Uint8Array> | null | undefined,
  limit: number,
  tooLarge: () => Error,
): Promise<Uint8Array> {
  const reader = body?.getReader();
  if (!reader) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readJson(c: Context, { optional = false } = {}): Promise<unknown> {
  const text = utf8.decode(await readRawBody(c));
  if (text.trim() === '') {
    if (optional) return undefined;
    throw badRequest('body: a JSON body is required');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('body: not valid JSON');
  }
  if (jsonDepth(value) > MAX_JSON_DEPTH)
    throw badRequest(`body: nested deeper than ${MAX_JSON_DEPTH} levels`);
  return value;
}

export async function body<S extends z.ZodType>(
  c: Context,
  schema: S,
  options?: { optional?: boolean },
): Promise<z.infer<S>> {
  return parseWith(schema, await readJson(c, options));
}

export function query<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query(), 'query');
}
