/**
 * The one set of rules for what the platform records or answers (design: secrets never enter a
 * message): the activity log's events, a workflow run's step records and errors, a stream's
 * configuration as shown, and texts relayed from outside (a provider's error, a failed fetch).
 *
 * - A value is a secret by its name: a name is cut into words (`X-Goog-Api-Key` → x goog api
 *   key, `sessionToken` → session token) and one of them names a secret (key, token, secret,
 *   password, auth, cookie, session, signature, credential, …), unless its last word says it
 *   describes one rather than holds it (`keyColumn`, `tokenKind`, `tokenCount`).
 * - A text loses what is shaped like a secret wherever it stands: a URL's `user:password@`, the
 *   value of a query parameter with a secret's name (`?api_key=`, `&token=`, `#access_token=`),
 *   `Bearer …` and `Basic …`, well-known key shapes (`sk-…`, `AKIA…`, `AIza…`, a JWT), and a long
 *   key-like word written after a secret's name (`api_key: 3f9a…`, `"token":"…"`).
 */

/** What a secret value is replaced with. */
export const REDACTED = '[redacted]';
/** In a URL, a secret becomes `***`: the URL still reads as one. */
const URL_MASK = '***';

/** Words that name a secret. */
const SECRET_WORDS = new Set([
  'key',
  'apikey',
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'pwd',
  'auth',
  'authorization',
  'authentication',
  'cookie',
  'cookies',
  'session',
  'signature',
  'sig',
  'credential',
  'credentials',
  'jwt',
  'bearer',
]);
/** Endings and beginnings of a word written without separators (`accesstoken`, `xauth`). */
const SECRET_ENDINGS = [
  'token',
  'secret',
  'password',
  'passwd',
  'cookie',
  'signature',
  'credential',
  'credentials',
  'apikey',
  'accesskey',
  'secretkey',
  'privatekey',
  'auth',
  'sessionid',
  'sessid',
];
const SECRET_BEGINNINGS = ['secret', 'passw', 'apikey', 'credential', 'cookie'];
/** A last word that makes the name describe a secret, not hold one (`keyColumn`, `tokenKind`). */
const DESCRIBING_WORDS = new Set([
  'kind',
  'type',
  'types',
  'column',
  'columns',
  'count',
  'counts',
  'name',
  'names',
  'field',
  'fields',
  'length',
  'expires',
  'expiry',
  'expiration',
  'label',
  'format',
  'algorithm',
  'hint',
  'help',
  'url',
  'uri',
  'endpoint',
  'accepted',
]);

/** A name's words, lower case: `X-Goog-Api-Key` → x goog api key, `XApiKey` → x api key. */
const wordsOf = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

const secretWord = (word: string) =>
  SECRET_WORDS.has(word) ||
  SECRET_ENDINGS.some((end) => word.endsWith(end)) ||
  SECRET_BEGINNINGS.some((start) => word.startsWith(start));

/** Whether a field, header, setting or query parameter of this name holds a secret. */
export function isSecretName(name: string): boolean {
  const words = wordsOf(name);
  if (!words.some(secretWord)) return false;
  return !(words.length > 1 && DESCRIBING_WORDS.has(words[words.length - 1]!));
}

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** `scheme://user:password@`: the password. */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):[^\s/@]*@/gi;
/** A query (or fragment) parameter: its separator, name and value. */
const URL_PARAMETER = /([?&#;])([^=&#\s"'<>;?]+)=([^&#\s"'<>;]*)/g;
const BEARER = /\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]{6,}/gi;
/** Keys of well-known shapes: OpenAI-style, AWS access key ids, Google API keys, GitHub, Slack. */
const KEY_PREFIXED = /\b(sk|pk|rk)-[A-Za-z0-9_-]{6,}/g;
const KEY_SHAPED =
  /\b(AKIA[0-9A-Z]{12,}|AIza[0-9A-Za-z_-]{20,}|gh[pousr]_[A-Za-z0-9]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)/g;
/** `name: value`, `name=value`, `"name":"value"`: a name, then a long key-like word. */
const NAMED_VALUE = /\b([A-Za-z][A-Za-z0-9_-]*)(["']?\s*[:=]\s*["']?)([A-Za-z0-9._~+/=-]{8,})/g;
const keyLike = (word: string) => word.length >= 16 || /\d/.test(word);

/** A URL's password only (`user:***@`); the rest as it is. */
export const redactUrlPassword = (text: string) => text.replace(URL_PASSWORD, '$1:***@');

/**
 * A text as it may be recorded or answered: none of the secret shapes above, and not `key`
 * (a configured secret the caller knows, such as a provider's API key) wherever it stands.
 */
export function redactText(text: string, key?: string): string {
  let out = text;
  if (key && key.length >= 4) out = out.split(key).join(REDACTED);
  return redactUrlPassword(out)
    .replace(URL_PARAMETER, (all, sep: string, name: string, value: string) =>
      value && isSecretName(decoded(name)) ? `${sep}${name}=${URL_MASK}` : all,
    )
    .replace(BEARER, `$1$2${REDACTED}`)
    .replace(KEY_PREFIXED, `$1-${REDACTED}`)
    .replace(KEY_SHAPED, REDACTED)
    .replace(NAMED_VALUE, (all, name: string, sep: string, value: string) =>
      isSecretName(name) && keyLike(value) ? `${name}${sep}${REDACTED}` : all,
    );
}

/** Bounds a summary may put on a value (the activity log's: a change is not a copy). */
export interface RedactBounds {
  /** Characters of a text kept; the rest becomes `…`. */
  maxText?: number;
  /** Levels of nesting kept; deeper objects become `…`. */
  maxDepth?: number;
  /** Keys of an object, items of a list kept. */
  maxKeys?: number;
}

/**
 * A value as it may be recorded or answered: a field with a secret's name becomes `[redacted]`
 * (as does the `value` of a setting written `{ name, value }` whose name is a secret's), every
 * text goes through `redactText`, and `bounds` limit its size when given.
 */
export function redactValue(value: unknown, bounds: RedactBounds = {}, depth = 0): unknown {
  if (typeof value === 'string') {
    const clean = redactText(value);
    const max = bounds.maxText;
    return max !== undefined && clean.length > max ? `${clean.slice(0, max)}…` : clean;
  }
  if (value === null || typeof value !== 'object') return value;
  if (bounds.maxDepth !== undefined && depth >= bounds.maxDepth) return '…';
  const few = <T>(items: T[]) =>
    bounds.maxKeys === undefined ? items : items.slice(0, bounds.maxKeys);
  if (Array.isArray(value)) return few(value).map((v) => redactValue(v, bounds, depth + 1));
  const named = (value as { name?: unknown }).name;
  const secretSetting = typeof named === 'string' && isSecretName(named);
  const out: Record<string, unknown> = {};
  for (const [name, v] of few(Object.entries(value)))
    out[name] =
      (isSecretName(name) || (secretSetting && name === 'value')) && v != null
        ? REDACTED
        : redactValue(v, bounds, depth + 1);
  return out;
}
