import type { z } from 'zod';
import { bulkCreateBody } from '../../../src/api/contract';
import { describeIssue, jsonDepth, MAX_JSON_DEPTH } from '../core/validate';

export type BulkItem = z.infer<typeof bulkCreateBody.element>;

/** A bulk create's body checked: its documents, or the words of a 400 naming the first fault. */
export type CheckedBulk = { items: BulkItem[] } | { error: string };

const utf8 = new TextDecoder();

/**
 * A bulk create's body as readJson and the body's schema would check it, with the same words
 * (`body: not valid JSON`, `5.content: expected object`): its bytes decoded, parsed, its depth
 * bounded, each document checked. Pure, so it runs on the bulk body thread (bulk-body-thread.ts)
 * or, for a small body, where it is asked.
 */
export function checkBulkCreate(bytes: Uint8Array): CheckedBulk {
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
  if (!Array.isArray(raw) || raw.length === 0) {
    const whole = bulkCreateBody.safeParse(raw);
    return whole.success ? { items: whole.data } : { error: describeIssue(whole.error) };
  }
  const items: BulkItem[] = [];
  for (const [at, item] of raw.entries()) {
    const result = bulkCreateBody.element.safeParse(item);
    if (!result.success) {
      const issue = result.error.issues[0];
      return { error: `${[at, ...(issue?.path ?? [])].join('.')}: ${issue?.message}` };
    }
    items.push(result.data);
  }
  return { items };
}
