import { redactSecrets } from '../generation/redact';
import { redactCredentials } from '../streams/connectors/outbound';

/** Field names whose value is a secret whatever it looks like (export keys, tokens, API keys). */
const SECRET_NAME =
  /(pass(word|phrase)?|secret|token$|^token|api_?key|access_?key|private_?key|credential|authorization|signature|^key$|session)/i;
const MAX_TEXT = 500;
const MAX_DEPTH = 4;
const MAX_KEYS = 50;

/** A text as an event may keep it: no URL password, nothing shaped like a key or a bearer token. */
export const redactText = (text: string) => {
  const clean = redactSecrets(redactCredentials(text));
  return clean.length > MAX_TEXT ? `${clean.slice(0, MAX_TEXT)}…` : clean;
};

/**
 * A value as an event may keep it: secrets by name become `[redacted]`, texts lose credentials,
 * and size is bounded (a change is a summary, not a copy of a document).
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, MAX_KEYS).map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  // A setting written as `{ name, value }` (a stream's configuration): its name says what the value is.
  const named = (value as { name?: unknown }).name;
  const secretSetting = typeof named === 'string' && SECRET_NAME.test(named);
  for (const [name, v] of Object.entries(value).slice(0, MAX_KEYS))
    out[name] =
      (SECRET_NAME.test(name) || (secretSetting && name === 'value')) && v != null
        ? '[redacted]'
        : redactValue(v, depth + 1);
  return out;
}
