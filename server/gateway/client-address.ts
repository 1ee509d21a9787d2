import { BlockList, isIP } from 'node:net';

/**
 * The proxies in front of the gateway whose `x-forwarded-for` it believes (CONSOLE_TRUSTED_PROXIES):
 * addresses (`10.0.0.5`, `::1`) and ranges (`10.0.0.0/8`, `fd00::/8`). Throws, naming the
 * entry, on anything else: a list the operator mistyped must not quietly trust no one.
 */
export function trustedProxies(entries: readonly string[]): BlockList | undefined {
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    const bits = prefix === undefined ? undefined : Number(prefix);
    const most = family === 6 ? 128 : 32;
    if (
      !family ||
      extra !== undefined ||
      (bits !== undefined && (!/^\d{1,3}$/.test(prefix!) || bits > most))
    )
      throw new Error(
        `CONSOLE_TRUSTED_PROXIES: "${entry}" is not an address or a range such as 10.0.0.0/8`,
      );
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, bits, type);
  }
  return list;
}

/** An address as one family writes it: an IPv4 address mapped into IPv6 (`::ffff:a.b.c.d`) as IPv4. */
function plain(address: string | undefined): string | undefined {
  const trimmed = address?.trim().replace(/^\[|\]$/g, '');
  if (!trimmed) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped ? mapped[1] : trimmed;
}

const isTrusted = (list: BlockList, address: string) => {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
};

/**
 * The address of the client a request comes from. Its connection's, unless that is a trusted
 * proxy: then each proxy has added the address it was reached from to `x-forwarded-for`, and
 * the client is the last of them, read from the right, that is not a trusted proxy. An entry that
 * is no address ends the walk at the proxy that wrote it: nothing further left can be believed.
 * Without trusted proxies the header is never read (anyone can send one).
 */
export function clientAddress(
  remote: string | undefined,
  forwardedFor: string | null | undefined,
  trusted: BlockList | undefined,
): string | undefined {
  let client = plain(remote);
  if (!trusted || !client || !isTrusted(trusted, client) || !forwardedFor) return client;
  const hops = forwardedFor.split(',');
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = plain(hops[i]);
    if (!hop || isIP(hop) === 0) return client;
    client = hop;
    if (!isTrusted(trusted, hop)) return hop;
  }
  return client;
}
