import { describe, expect, it } from 'vitest';
import { gatewayStatus } from './gateway';

describe('GET /gateway/status', () => {
  it('reads hosts and reachability, never a token', () => {
    const status = {
      mode: 'remote',
      upstreams: [
        { name: 'base', host: 'acme.example.com', reachable: true, latencyMs: 41.5 },
        { name: 'api', host: 'api.example.com', reachable: false, latencyMs: null },
      ],
      brand: 'ACME',
    };
    expect(gatewayStatus.parse(status)).toEqual(status);
    expect(gatewayStatus.safeParse({ ...status, mode: 'proxy' }).success).toBe(false);
  });
});
