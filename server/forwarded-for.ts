import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The gateway names the client it serves in `x-forwarded-for`, and proves it wrote that header
 * with this one: an HMAC of the address keyed by the platform's developer token, which only the
 * gateway and the platform hold. A request sent straight to the platform cannot forge it, so the
 * activity log records its connection's address instead. A browser's own header of this name is
 * dropped by the gateway with every other `x-forwarded-*` (gateway/headers.ts).
 */
export const FORWARDED_FOR_SIGNATURE = 'x-forwarded-for-signature';

export const signForwardedFor = (key: string, client: string) =>
  createHmac('sha256', key).update(`x-forwarded-for\n${client}`).digest('base64url');

/** Whether `signature` is the gateway's for `client` under `key`. */
export function forwardedForSigned(key: string, client: string, signature: string | undefined) {
  if (!key || !signature) return false;
  const expected = Buffer.from(signForwardedFor(key, client));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
