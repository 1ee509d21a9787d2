import { describe, expect, it } from 'vitest';
import { clientAddress, trustedProxies } from './client-address';

describe('the client address behind trusted proxies (CONSOLE_TRUSTED_PROXIES)', () => {
  const trusted = trustedProxies(['10.0.0.0/8', '127.0.0.1', 'fd00::/8'])!;

  it('is the connection’s own address when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress('192.0.2.9', '203.0.113.7', undefined)).toBe('192.0.2.9');
    expect(trustedProxies([])).toBeUndefined();
  });

  it('ignores the header from a connection that is not a trusted proxy', () => {
    expect(clientAddress('192.0.2.9', '203.0.113.7', trusted)).toBe('192.0.2.9');
  });

  it('reads the header from the right, past every trusted proxy, and stops at the client', () => {
    expect(clientAddress('127.0.0.1', '203.0.113.7', trusted)).toBe('203.0.113.7');
    // The leftmost entry is whatever the client sent: never believed past the first untrusted hop.
    expect(clientAddress('10.1.2.3', '6.6.6.6, 203.0.113.7, 10.0.0.2', trusted)).toBe(
      '203.0.113.7',
    );
    expect(clientAddress('::ffff:127.0.0.1', '2001:db8::5', trusted)).toBe('2001:db8::5');
    expect(clientAddress('fd00::1', '[2001:db8::6]', trusted)).toBe('2001:db8::6');
  });

  it('stops at the proxy that wrote an entry that is no address, or when every hop is trusted', () => {
    expect(clientAddress('10.0.0.1', 'unknown, 10.0.0.7', trusted)).toBe('10.0.0.7');
    expect(clientAddress('10.0.0.1', 'not an address', trusted)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', '10.0.0.9', trusted)).toBe('10.0.0.9');
    expect(clientAddress('10.0.0.1', '', trusted)).toBe('10.0.0.1');
  });

  it('refuses an entry that is no address or range, naming it', () => {
    for (const entry of ['10.0.0.0/33', 'proxy.local', '10.0.0.1/8/2', '::1/129', '10.0.0.0/x'])
      expect(() => trustedProxies([entry]), entry).toThrow(`"${entry}" is not an address`);
  });
});
