import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

describe('safeNextPath', () => {
  it.each([
    '/',
    '/datasets',
    '/datasets/abc/rows?page=2&sort=name',
    '/datastores/a%20b/collections/c',
    '/activity?objectType=DATASET&objectId=x#top',
    '/workflows?q=a%5Cb',
    '/gateways',
  ])('follows a path on the console itself: %s', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    ['nothing', null],
    ['an empty value', ''],
    ['a protocol-relative address', '//evil.example'],
    ['a protocol-relative address with a path', '//evil.example/datasets'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a backslash later in the path', '/datasets\\..\\\\evil.example'],
    ['a tab between the slashes', '/\t/evil.example'],
    ['a line break between the slashes', '/\n/evil.example'],
    ['an absolute address', 'https://evil.example/datasets'],
    ['an absolute address without slashes', 'https:evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a data address', 'data:text/html,<script>alert(1)</script>'],
    ['a relative path', 'datasets'],
    ['encoded slashes', '/%2F%2Fevil.example'],
    ['an encoded leading slash pair', '%2F%2Fevil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['a twice-encoded slash', '/%252Fevil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['a broken escape', '/%E0%A4%A'],
    ['the sign-in page itself', '/sign-in?next=/datasets'],
    ['a path of the gateway', '/gateway/sign-out'],
    ['an encoded path of the gateway', '/%67ateway/oidc/start?next=/'],
  ])('goes to the start page for %s', (_, value) => {
    expect(safeNextPath(value)).toBe('/');
  });
});
