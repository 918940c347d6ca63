import type { Config } from '../config.js';
import { ConfigError } from '../config.js';
import type { Db } from '../db/database.js';
import { readSetting, saveSettingOnce } from '../db/instance-settings.js';
import { secretFingerprint } from './secrets.js';

const SETTING = 'shop_secret_fingerprint';

/**
 * Processes of one shop must sign with the same keys, or a link one makes is refused by the next.
 * The first start with SHOP_SECRET stores its fingerprint; a later process whose SHOP_SECRET gives
 * another fingerprint refuses to start, in one line, before it serves anything.
 */
export async function checkSecretFingerprint(db: Db, config: Pick<Config, 'shopSecret'>): Promise<void> {
  if (!config.shopSecret) return;
  const mine = secretFingerprint(config.shopSecret);
  await saveSettingOnce(db, SETTING, mine);
  if ((await readSetting(db, SETTING)) !== mine) {
    throw new ConfigError(
      'Invalid configuration: SHOP_SECRET differs from the one this shop’s other processes use (its fingerprint is in the database); give every process the same SHOP_SECRET',
    );
  }
}
