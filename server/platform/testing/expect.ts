/** Assertions the server tests share (testing/index.ts starts what they assert on). */
import { expect } from 'vitest';
import { messageError } from '../../../src/api/contract';
import type { TestPlatform } from './index';

/**
 * GETs each of `paths` and expects `status` with the platform's error body `{message}`;
 * answers the messages in order.
 */
export async function refusals(
  platform: Pick<TestPlatform, 'api'>,
  paths: string[],
  status: number,
): Promise<string[]> {
  const messages: string[] = [];
  for (const pathname of paths) {
    const res = await platform.api(pathname);
    expect(res.status, pathname).toBe(status);
    messages.push(messageError.parse(await res.json()).message);
  }
  return messages;
}
