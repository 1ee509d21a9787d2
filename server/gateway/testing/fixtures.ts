/** What every gateway test file shares: its tokens, and the servers closed after each test. */
import { afterEach } from 'vitest';

/** The gateway's tokens in the tests that configure them (none of them may leak). */
export const TEST_TOKENS = {
  developer: 'dev-token-123',
  session: 'session-token-456',
  access: 'access-token-789',
};

/** What a test puts here (upstreams, gateways) is closed after it, pass or fail. */
export function closedAfterEach(): { close(): Promise<void> }[] {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((server) => server.close()));
  });
  return open;
}
