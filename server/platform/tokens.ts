import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../config';
import type { PlatformTokens } from './types';

const fresh = () => randomBytes(24).toString('base64url');

/**
 * Tokens set in the env are the only ones accepted; unset ones are generated on first start
 * and kept in DATA_DIR/tokens.json (mode 600) so the gateway and later starts read the same.
 */
export function resolveTokens(config: ServerConfig): {
  tokens: PlatformTokens;
  generated: boolean;
} {
  const file = path.join(config.dataDir, 'tokens.json');
  let stored: Partial<PlatformTokens> = {};
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<PlatformTokens>;
  } catch {
    // first start
  }
  const tokens: PlatformTokens = {
    developer: config.developerToken ?? stored.developer ?? fresh(),
    session: config.sessionToken ?? stored.session ?? fresh(),
    access: config.accessToken ?? stored.access ?? fresh(),
  };
  const toStore = {
    developer: stored.developer ?? (config.developerToken ? undefined : tokens.developer),
    session: stored.session ?? (config.sessionToken ? undefined : tokens.session),
    access: stored.access ?? (config.accessToken ? undefined : tokens.access),
  };
  const generated = JSON.stringify(toStore) !== JSON.stringify(stored);
  if (generated) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
  }
  return { tokens, generated };
}
