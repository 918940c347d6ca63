import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, type TestDatabase } from '../../test/helpers.js';
import { ConfigError } from '../config.js';
import { readSetting } from '../db/instance-settings.js';
import { checkSecretFingerprint } from './check-secret-fingerprint.js';
import { secretFingerprint } from './secrets.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe(`SHOP_SECRET fingerprint (${engine})`, () => {
  const first = 'a'.repeat(64);

  it('the first process stores its fingerprint, never the secret; a process with the same secret starts', async () => {
    await checkSecretFingerprint(database.db, { shopSecret: first });
    const stored = await readSetting(database.db, 'shop_secret_fingerprint');
    expect(stored).toBe(secretFingerprint(first));
    expect(stored).not.toContain(first);
    await expect(checkSecretFingerprint(database.db, { shopSecret: first })).resolves.toBeUndefined();
  });

  it('a process with another SHOP_SECRET refuses to start, in one line, and the stored fingerprint stays', async () => {
    const refusal = checkSecretFingerprint(database.db, { shopSecret: 'b'.repeat(64) });
    await expect(refusal).rejects.toBeInstanceOf(ConfigError);
    await expect(refusal).rejects.toThrow(/^Invalid configuration: SHOP_SECRET differs from the one [^\n]+$/);
    expect(await readSetting(database.db, 'shop_secret_fingerprint')).toBe(secretFingerprint(first));
  });

  it('the embedded start (no SHOP_SECRET) neither checks nor stores anything', async () => {
    const other = await createTestDatabase();
    try {
      await checkSecretFingerprint(other.db, { shopSecret: null });
      expect(await readSetting(other.db, 'shop_secret_fingerprint')).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
