/** Shapes of credentials a provider may quote back: bearer tokens and OpenAI-style keys. */
const BEARER = /\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]{6,}/gi;
const KEY_SHAPED = /\b(sk|pk|rk)-[A-Za-z0-9_-]{6,}/g;

/**
 * A text from outside (a provider's error, a failure's message) as it may be relayed or logged:
 * without the configured key, wherever it stands, nor anything shaped like a key or a token.
 */
export function redactSecrets(text: string, key?: string): string {
  let out = text;
  if (key && key.length >= 4) out = out.split(key).join('[redacted]');
  return out.replace(BEARER, '$1$2[redacted]').replace(KEY_SHAPED, '$1-[redacted]');
}
