import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret that signs identity cookies and access tokens: AUTH_SECRET when set
 * (required when several app servers share one PostgreSQL), otherwise generated once
 * into DATA_DIR and reused on every start.
 */
export function loadAuthSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
