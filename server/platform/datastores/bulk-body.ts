import { z } from 'zod';
import { bulkCreateBody, bulkUpsertBody } from '../../../src/api/contract';
import { describeIssue, jsonDepth, MAX_JSON_DEPTH } from '../core/validate';
import { documentId } from './document-id';

const upsertItem = bulkUpsertBody.element.extend({ id: documentId.optional() });

/** The body of each bulk write: a bulk create's documents, or a bulk upsert's (an id or not). */
const bulkBodies = {
  create: bulkCreateBody,
  upsert: z.array(upsertItem).min(1),
};
export type BulkKind = keyof typeof bulkBodies;

/** A document of a bulk body: a bulk create's never has an id (its schema drops one). */
export type BulkItem = z.infer<typeof upsertItem>;

/** A bulk body checked: its documents, or the words of a 400 naming the first fault. */
export type CheckedBulk = { items: BulkItem[] } | { error: string };

const utf8 = new TextDecoder();

/**
 * A bulk body as readJson and the body's schema would check it, with the same words
 * (`body: not valid JSON`, `5.content: expected object`): its bytes decoded, parsed, its depth
 * bounded, each document checked. Pure, so it runs on the bulk body thread (bulk-body-thread.ts)
 * or, for a small body, where it is asked.
 */
export function checkBulkBody(kind: BulkKind, bytes: Uint8Array): CheckedBulk {
  const text = utf8.decode(bytes);
  if (text.trim() === '') return { error: 'body: a JSON body is required' };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: 'body: not valid JSON' };
  }
  if (jsonDepth(raw) > MAX_JSON_DEPTH)
    return { error: `body: nested deeper than ${MAX_JSON_DEPTH} levels` };
  const body: z.ZodArray<z.ZodType<BulkItem>> = bulkBodies[kind];
  if (!Array.isArray(raw) || raw.length === 0) {
    const whole = body.safeParse(raw);
    return whole.success ? { items: whole.data } : { error: describeIssue(whole.error) };
  }
  // Document by document: the check stops at the first fault, named as the whole body's check
  // would name it.
  const items: BulkItem[] = [];
  for (const [at, item] of raw.entries()) {
    const result = body.element.safeParse(item);
    if (!result.success) {
      const issue = result.error.issues[0];
      return { error: `${[at, ...(issue?.path ?? [])].join('.')}: ${issue?.message}` };
    }
    items.push(result.data);
  }
  return { items };
}
