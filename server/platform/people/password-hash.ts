import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** scrypt's cost: 16 MiB and tens of milliseconds a hash, on libuv's pool, off the event loop. */
const COST = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** The most a stored hash may ask for, so that a row changed by hand cannot hold the pool. */
const MAX_N = 65536;
const MAX_R_TIMES_P = 16;

interface Cost {
  N: number;
  r: number;
  p: number;
}
interface ScryptHash extends Cost {
  salt: Buffer;
  key: Buffer;
}

/** `scrypt$N$r$p$<salt>$<key>`, both base64url: the hash names its own cost. */
const SCRYPT_FORMAT = /^scrypt\$(\d{1,6})\$(\d{1,2})\$(\d{1,2})\$([\w-]{22,})\$([\w-]{22,88})$/;
/** What the first sample stores held: an unsalted sha256, hex. */
const LEGACY_FORMAT = /^[0-9a-f]{64}$/;

// NFKC: the same password typed on two systems (composed or decomposed accents) is one password.
const derive = (password: string, salt: Buffer, { N, r, p }: Cost, keyBytes: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyBytes,
      { N, r, p, maxmem: 256 * N * r * p },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );

/** A new salted scrypt hash of `password`, asynchronous: a request never waits on the loop. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, COST, KEY_BYTES);
  return [
    'scrypt',
    COST.N,
    COST.r,
    COST.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

function parseScrypt(stored: string): ScryptHash | undefined {
  const match = SCRYPT_FORMAT.exec(stored);
  if (!match) return undefined;
  const [N, r, p] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
  const powerOfTwo = N >= 2 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || r < 1 || p < 1 || r * p > MAX_R_TIMES_P) return undefined;
  const salt = Buffer.from(match[4]!, 'base64url');
  const key = Buffer.from(match[5]!, 'base64url');
  if (salt.length < SALT_BYTES || key.length < 16) return undefined;
  return { N, r, p, salt, key };
}

const sameBytes = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

let standIn: Promise<ScryptHash> | undefined;
/** Compared when there is no readable hash, so that costs what a wrong password does. */
const standInHash = () =>
  (standIn ??= hashPassword('no user has this email address').then((hash) => parseScrypt(hash)!));

/** Whether a password matched, and the scrypt hash to store in place of a legacy one. */
export interface PasswordCheck {
  matches: boolean;
  rehash?: string;
}

/**
 * Whether `password` is the one `stored` was made from (a user's hash; undefined when no user has
 * the email), compared in constant time. Every check costs one scrypt, whatever it finds: the
 * stored hash's, a stand-in's when there is none (the time does not tell which emails exist), or,
 * for a legacy sha256 hash, the new hash that replaces it once it matched.
 */
export async function checkPassword(
  stored: string | undefined,
  password: string,
): Promise<PasswordCheck> {
  if (stored !== undefined && LEGACY_FORMAT.test(stored)) {
    const rehash = await hashPassword(password);
    const given = createHash('sha256').update(password).digest();
    return sameBytes(given, Buffer.from(stored, 'hex'))
      ? { matches: true, rehash }
      : { matches: false };
  }
  const parsed = stored === undefined ? undefined : parseScrypt(stored);
  const hash = parsed ?? (await standInHash());
  const key = await derive(password, hash.salt, hash, hash.key.length);
  return { matches: sameBytes(key, hash.key) && parsed !== undefined };
}
