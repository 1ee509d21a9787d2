/**
 * The gateway adds real credentials to whatever reaches it, so it must only serve the console's
 * own page: a foreign Host (DNS rebinding) or a cross-site form/fetch must not borrow the tokens.
 */

export function isAllowedHost(
  hostHeader: string | undefined,
  allowedHosts: readonly string[],
): boolean {
  return hostHeader !== undefined && allowedHosts.includes(hostHeader.trim().toLowerCase());
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when a state-changing request comes from another site. Scripts and curl send neither header. */
export function isCrossSiteWrite(
  method: string,
  headers: { secFetchSite: string | undefined; origin: string | undefined },
  allowedHosts: readonly string[],
  /** Origins besides `http://` + an allowed host: the public `https://` one in team mode. */
  allowedOrigins: readonly string[] = [],
): boolean {
  if (!STATE_CHANGING.has(method.toUpperCase())) return false;
  const site = headers.secFetchSite?.trim().toLowerCase();
  if (site !== undefined) return site !== 'same-origin' && site !== 'none';
  const origin = headers.origin?.trim().toLowerCase();
  if (origin === undefined) return false;
  return (
    !allowedHosts.some((host) => origin === `http://${host}`) && !allowedOrigins.includes(origin)
  );
}
