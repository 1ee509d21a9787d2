import { expect } from 'vitest';
import { startTestPlatform, type TestPlatform } from './index';

/** The sample users of the policy tests (seed/people.ts): Ada is the developer token's. */
export const sampleUserIds = { ada: 1, ben: 2, chloe: 3, dev: 4, eve: 5 } as const;
export type SampleUser = keyof typeof sampleUserIds;

/**
 * A developer token minted for each sample user, and `as(user, path, init)`: a request with that
 * user's token (a `json` body is sent as JSON; any other `body` as given); `as.tokens` are the tokens.
 */
export async function sampleUsers(platform: TestPlatform) {
  const tokens: Record<string, string> = { ada: platform.tokens.developer };
  for (const [name, ownerId] of Object.entries(sampleUserIds)) {
    if (name === 'ada') continue;
    const res = await platform.api('/api/data/v1/accesstokens', {
      method: 'POST',
      json: { name: `${name} policy test`, ownerId },
    });
    expect(res.status).toBe(201);
    tokens[name] = ((await res.json()) as { token: string }).token;
  }
  const as = (
    who: SampleUser,
    path: string,
    init: RequestInit & { json?: unknown; contentType?: string } = {},
  ) =>
    fetch(platform.url + path, {
      ...init,
      headers: {
        'X-SERVICE-Developer-Token': tokens[who]!,
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(init.contentType ? { 'content-type': init.contentType } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
  return Object.assign(as, { tokens: tokens as Readonly<Record<SampleUser, string>> });
}

/** The policy tables' short form of `sampleUsers`: `as(user, path, method, json)`. */
export async function sampleUserRequests(platform: TestPlatform) {
  const request = await sampleUsers(platform);
  return (who: string, path: string, method = 'GET', json?: unknown) =>
    request(who as SampleUser, path, { method, json });
}
export type AsUser = Awaited<ReturnType<typeof sampleUserRequests>>;

/**
 * A test file's platform and its sample users' requests (`sampleUsers`, or the policy tables'
 * `sampleUserRequests`): `({ platform, as } = await startWithSampleUsers(sampleUsers))`.
 */
export async function startWithSampleUsers<T>(
  users: (platform: TestPlatform) => Promise<T>,
  options?: Parameters<typeof startTestPlatform>[0],
): Promise<{ platform: TestPlatform; as: T }> {
  const platform = await startTestPlatform(options);
  return { platform, as: await users(platform) };
}
