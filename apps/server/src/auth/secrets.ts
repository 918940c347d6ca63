import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

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

/**
 * One purpose's key (file links, video links, the sandbox's signatures), 256 bits as hex. With
 * SHOP_SECRET set (every scaled-out process, decision 0029), derived from it with HKDF-SHA256, the
 * purpose as HKDF's info: every process holding the same SHOP_SECRET derives the same keys, and no key
 * reveals SHOP_SECRET or another purpose's key. Without it (the embedded start), the per-installation
 * file in DATA_DIR, as before.
 */
export function secretFor(config: Pick<Config, 'dataDir' | 'shopSecret'>, purpose: string): string {
  if (!config.shopSecret) return loadOrCreateSecret(config.dataDir, purpose);
  return Buffer.from(hkdfSync('sha256', config.shopSecret, 'tradeskool', purpose, 32)).toString('hex');
}

/**
 * What the database keeps to tell whether two processes hold the same SHOP_SECRET: an HMAC of a fixed
 * label under a key derived for this alone. It reveals nothing of the secret or of any purpose's key.
 */
export function secretFingerprint(shopSecret: string): string {
  const key = secretFor({ dataDir: '', shopSecret }, 'fingerprint');
  return createHmac('sha256', key).update('tradeskool shop secret fingerprint v1').digest('hex');
}
