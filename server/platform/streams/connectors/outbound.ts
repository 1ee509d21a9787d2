import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { redactText } from '../../core/redact';
import { SourceError } from '../table';

/**
 * What a connector may fetch. A stream's URL comes from whoever may create a stream, so without
 * this check the platform would read its own loopback services, the cloud metadata address or the
 * private network and hand the answer back as a dataset (SSRF). Loopback, link-local, private,
 * shared, multicast and reserved ranges are refused after DNS resolution and again on every
 * redirect, unless STREAMS_ALLOWED_PRIVATE_HOSTS names the host.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return blocked.check(mapped, 'ipv4');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) return blocked.check(bare, 'ipv6');
  return true;
}

export interface OutboundPolicy {
  /** Host names or addresses (lower case) that may be private: tests, a lab network. */
  allowedPrivateHosts: ReadonlySet<string>;
}

/** Refuses a host that is, or resolves to, a private address, unless the policy allows it. */
export async function checkOutboundHost(url: URL, policy: OutboundPolicy): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (policy.allowedPrivateHosts.has(host)) return;
  const addresses = isIP(host)
    ? [host]
    : (await lookup(host, { all: true, verbatim: true }).catch(() => [])).map((a) => a.address);
  if (addresses.length === 0) return; // the fetch itself reports the unknown host
  const refused = addresses.find(isPrivateAddress);
  if (refused !== undefined)
    throw new SourceError(
      `${url.host} is a private or loopback address (${refused}); the platform reads only public hosts unless STREAMS_ALLOWED_PRIVATE_HOSTS names it`,
    );
}

const MAX_REDIRECTS = 5;

/** fetch, with the host checked before the request and at every redirect (followed by hand). */
export async function fetchOutbound(
  start: URL,
  init: RequestInit & { signal: AbortSignal },
  policy: OutboundPolicy,
): Promise<{ response: Response; url: URL }> {
  let url = start;
  for (let hop = 0; ; hop++) {
    await checkOutboundHost(url, policy);
    const response = await fetch(url, { ...init, redirect: 'manual' });
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || location === null)
      return { response, url };
    await response.body?.cancel();
    if (hop >= MAX_REDIRECTS)
      throw new SourceError(`${redactUrl(start)} redirected more than ${MAX_REDIRECTS} times`);
    const next = new URL(location, url);
    if (next.protocol !== 'http:' && next.protocol !== 'https:')
      throw new SourceError(`${redactUrl(start)} redirected to a ${next.protocol} address`);
    url = next;
  }
}

/** A URL as it may be shown or logged: without its password or a secret query value. */
export function redactUrl(url: URL | string): string {
  const parsed = typeof url === 'string' ? new URL(url) : new URL(url.href);
  if (parsed.password) parsed.password = '***';
  return redactText(parsed.href);
}

/** A text as it may be shown: the platform's one set of rules (core/redact.ts). */
export const redactCredentials = (text: string) => redactText(text);
