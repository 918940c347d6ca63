import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, engine, type TestDatabase } from '../../test/helpers.js';
import { waitUntilAnswering } from '../../test/processes.js';
import { spawnShop } from '../../test/shop-process.js';
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

describe('a second process started with another SHOP_SECRET', () => {
  it('exits 1 before it listens, printing one line', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-fingerprint-'));
    const start = (secret: string) => spawnShop(dataDir, { LOG_LEVEL: 'error', SHOP_SECRET: secret });
    try {
      const first = await start('a'.repeat(64));
      await waitUntilAnswering(`${first.url}/api/health`, first.child, { log: first.output });
      const second = await start('b'.repeat(64));
      expect(await second.exited).toBe(1);
      expect(second.output().trim().split('\n')).toEqual([
        'Invalid configuration: SHOP_SECRET differs from the one this shop’s other processes use (its fingerprint is in the database); give every process the same SHOP_SECRET',
      ]);
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
