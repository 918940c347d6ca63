import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * A per-installation secret kept in DATA_DIR/<name>: made once (256 random bits, owner-only file) and
 * read back on every start, so what it signs stays valid across restarts and is unforgeable elsewhere.
 * Two processes starting at once agree: the loser of the exclusive create reads the winner's file.
 */
export function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('hex');
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return fs.readFileSync(file, 'utf8').trim();
    }
  }
}
