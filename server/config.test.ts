import { describe, expect, it } from 'vitest';
import { developerTokenHeader, readConfig, sessionTokenHeader } from './config';

describe('readConfig', () => {
  it('treats empty variables as unset and defaults the brand', () => {
    const config = readConfig({ PLATFORM_BASE_URL: '  ', PLATFORM_DEVELOPER_TOKEN: '' });
    expect(config.baseUrl).toBeUndefined();
    expect(config.developerToken).toBeUndefined();
    expect(config.brand).toBe('SERVICE');
    expect(config.syncIntervalMs).toBe(60_000);
  });

  it('reads the sync interval in seconds and refuses nonsense', () => {
    expect(readConfig({ SYNC_INTERVAL_SECONDS: '5' }).syncIntervalMs).toBe(5_000);
    expect(() => readConfig({ SYNC_INTERVAL_SECONDS: 'soon' })).toThrow(/SYNC_INTERVAL_SECONDS/);
    expect(() => readConfig({ SYNC_INTERVAL_SECONDS: '0' })).toThrow(/≥ 1/);
  });

  it('reads the embedded PGlite buffer size in MiB (default 16), and refuses nonsense', () => {
    expect(readConfig({}).pgliteSharedBuffersMb).toBe(16);
    expect(readConfig({ PGLITE_SHARED_BUFFERS_MB: '128' }).pgliteSharedBuffersMb).toBe(128);
    expect(() => readConfig({ PGLITE_SHARED_BUFFERS_MB: '1GB' })).toThrow(
      /PGLITE_SHARED_BUFFERS_MB/,
    );
    expect(() => readConfig({ PGLITE_SHARED_BUFFERS_MB: '4' })).toThrow(/from 8 to 4096/);
  });

  it('keeps file bytes on the local disk unless FILE_STORE=s3 names a bucket', () => {
    expect(readConfig({}).fileStore).toEqual({ kind: 'local' });
    expect(
      readConfig({
        FILE_STORE: 's3',
        FILE_STORE_S3_BUCKET: 'team-files',
        FILE_STORE_S3_ENDPOINT: 'http://127.0.0.1:9000/',
        FILE_STORE_S3_PREFIX: '/console/prod/',
      }).fileStore,
    ).toEqual({
      kind: 's3',
      bucket: 'team-files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      prefix: 'console/prod/',
    });
    expect(() => readConfig({ FILE_STORE: 'nfs' })).toThrow(/FILE_STORE must be local or s3/);
    expect(() => readConfig({ FILE_STORE: 's3' })).toThrow(/FILE_STORE_S3_BUCKET/);
    const s3 = { FILE_STORE: 's3', FILE_STORE_S3_BUCKET: 'team-files' };
    expect(() => readConfig({ ...s3, FILE_STORE_S3_PREFIX: 'a/../b' })).toThrow(
      /FILE_STORE_S3_PREFIX/,
    );
    expect(() => readConfig({ ...s3, FILE_STORE_S3_ENDPOINT: 'ftp://x' })).toThrow(
      /FILE_STORE_S3_ENDPOINT/,
    );
  });

  it('puts the brand into the token header names (spec 5)', () => {
    expect(developerTokenHeader('ACME')).toBe('X-ACME-Developer-Token');
    expect(sessionTokenHeader('ACME')).toBe('x-acme-authentication');
  });
});

describe('team mode (CONSOLE_AUTH)', () => {
  it('defaults to one operator on loopback', () => {
    const config = readConfig({});
    expect(config.consoleAuth).toEqual({ mode: 'none' });
    expect(config.consoleHost).toBe('127.0.0.1');
  });

  it('binds another address only when people sign in, saying why', () => {
    expect(() => readConfig({ CONSOLE_HOST: '0.0.0.0' })).toThrow(
      /CONSOLE_HOST=0\.0\.0\.0 needs CONSOLE_AUTH=platform or oidc/,
    );
    expect(readConfig({ CONSOLE_HOST: 'localhost' }).consoleHost).toBe('localhost');
    const team = readConfig({
      CONSOLE_AUTH: 'platform',
      CONSOLE_HOST: '0.0.0.0',
      CONSOLE_PUBLIC_URL: 'https://console.example.com',
    });
    expect(team.consoleHost).toBe('0.0.0.0');
    expect(team.consoleAuth).toMatchObject({ mode: 'platform', idleMinutes: 60 });
  });

  it('reads the trusted proxies (none by default) and names a mistyped one', () => {
    expect(readConfig({}).consoleTrustedProxies).toEqual([]);
    expect(
      readConfig({ CONSOLE_TRUSTED_PROXIES: ' 10.0.0.0/8, ::1 ,' }).consoleTrustedProxies,
    ).toEqual(['10.0.0.0/8', '::1']);
    expect(() => readConfig({ CONSOLE_TRUSTED_PROXIES: '10.0.0.0/8, proxy.internal' })).toThrow(
      /CONSOLE_TRUSTED_PROXIES: "proxy\.internal" is not an address/,
    );
  });

  it('reads the idle timeout and refuses nonsense', () => {
    const config = readConfig({ CONSOLE_AUTH: 'platform', CONSOLE_SESSION_IDLE_MINUTES: '15' });
    expect(config.consoleAuth).toMatchObject({ idleMinutes: 15 });
    expect(() =>
      readConfig({ CONSOLE_AUTH: 'platform', CONSOLE_SESSION_IDLE_MINUTES: '0' }),
    ).toThrow(/CONSOLE_SESSION_IDLE_MINUTES/);
    expect(() => readConfig({ CONSOLE_AUTH: 'ldap' })).toThrow(/none, platform or oidc/);
    expect(() =>
      readConfig({ CONSOLE_AUTH: 'platform', CONSOLE_PUBLIC_URL: 'https://x.example/console' }),
    ).toThrow(/must be an origin/);
  });

  it('needs the issuer, the client and the public URL for OpenID Connect', () => {
    expect(() => readConfig({ CONSOLE_AUTH: 'oidc', OIDC_ISSUER: 'https://id.example' })).toThrow(
      /OIDC_ISSUER, OIDC_CLIENT_ID and CONSOLE_PUBLIC_URL/,
    );
    const config = readConfig({
      CONSOLE_AUTH: 'oidc',
      OIDC_ISSUER: 'https://id.example/realms/team',
      OIDC_CLIENT_ID: 'console',
      OIDC_CLIENT_SECRET: 's3cret',
      CONSOLE_PUBLIC_URL: 'https://console.example.com',
    });
    expect(config.consoleAuth).toMatchObject({
      mode: 'oidc',
      oidc: { clientId: 'console', clientSecret: 's3cret', providerName: 'id.example' },
    });
  });
});
