import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { loadOrCreateSecret, secretFingerprint, secretFor } from './secrets.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-secret-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadOrCreateSecret', () => {
  it('makes a 256-bit secret once, readable only by its owner, and returns the same one afterwards', () => {
    const dataDir = freshDir();
    const first = loadOrCreateSecret(dataDir, 'file-link-secret');
    expect(first).toMatch(/^[a-f0-9]{64}$/);
    expect(loadOrCreateSecret(dataDir, 'file-link-secret')).toBe(first);
    expect(fs.statSync(path.join(dataDir, 'file-link-secret')).mode & 0o777).toBe(0o600);
  });

  it('keeps one secret per name and per installation', () => {
    const one = freshDir();
    const other = freshDir();
    const a = loadOrCreateSecret(one, 'file-link-secret');
    expect(loadOrCreateSecret(one, 'sandbox-secret')).not.toBe(a);
    expect(loadOrCreateSecret(other, 'file-link-secret')).not.toBe(a);
  });
});

describe('secretFor', () => {
  const shopSecret = 'c'.repeat(64);

  it('derives the same key for a purpose in every process holding SHOP_SECRET, whatever its data folder, and writes no file', () => {
    const one = freshDir();
    const other = freshDir();
    const key = secretFor({ dataDir: one, shopSecret }, 'file-link-secret');
    expect(key).toMatch(/^[a-f0-9]{64}$/);
    expect(secretFor({ dataDir: other, shopSecret }, 'file-link-secret')).toBe(key);
    expect(fs.existsSync(one)).toBe(false);
  });

  it('gives each purpose its own key, none of them SHOP_SECRET, and another SHOP_SECRET other keys', () => {
    const dataDir = freshDir();
    const keys = ['file-link-secret', 'sandbox-secret', 'sandbox-payment-secret', 'video-link-secret'].map((purpose) =>
      secretFor({ dataDir, shopSecret }, purpose),
    );
    expect(new Set(keys).size).toBe(4);
    expect(keys).not.toContain(shopSecret);
    expect(secretFor({ dataDir, shopSecret: 'd'.repeat(64) }, 'file-link-secret')).not.toBe(keys[0]);
  });

  it('without SHOP_SECRET keeps the embedded start as it was: the file in DATA_DIR', () => {
    const dataDir = freshDir();
    const key = secretFor({ dataDir, shopSecret: null }, 'file-link-secret');
    expect(fs.readFileSync(path.join(dataDir, 'file-link-secret'), 'utf8')).toBe(key);
  });

  it('a fingerprint names the secret without revealing it or any derived key', () => {
    const fingerprint = secretFingerprint(shopSecret);
    expect(fingerprint).toMatch(/^[a-f0-9]{64}$/);
    expect(fingerprint).toBe(secretFingerprint(shopSecret));
    expect(fingerprint).not.toBe(secretFingerprint('d'.repeat(64)));
    expect(fingerprint).not.toBe(secretFor({ dataDir: '', shopSecret }, 'fingerprint'));
    expect(fingerprint).not.toContain(shopSecret);
  });
});

describe('scaled-out start-up', () => {
  const base = { NODE_ENV: 'test', SCALE_OUT: '1', S3_BUCKET: 'shop', DATABASE_URL: 'postgres://db/shop' };
  it('refuses SCALE_OUT=1 without SHOP_SECRET, PostgreSQL or a bucket, in one line', () => {
    const { SHOP_SECRET: _, ...noSecret } = { ...base, SHOP_SECRET: undefined };
    expect(() => loadConfig(noSecret)).toThrow(new ConfigError('Invalid configuration: SCALE_OUT=1 needs SHOP_SECRET'));
    expect(() => loadConfig({ ...base, SHOP_SECRET: 'x'.repeat(40), DATABASE_URL: '' })).toThrow(
      new ConfigError('Invalid configuration: SCALE_OUT=1 needs DATABASE_URL (PostgreSQL)'),
    );
    expect(() => loadConfig({ ...base, SHOP_SECRET: 'x'.repeat(40), S3_BUCKET: '' })).toThrow(
      new ConfigError('Invalid configuration: SCALE_OUT=1 needs S3_BUCKET (object storage)'),
    );
    expect(() => loadConfig({ ...base, SHOP_SECRET: 'short' })).toThrow(/SHOP_SECRET must be at least 32 characters/);
    expect(loadConfig({ ...base, SHOP_SECRET: 'x'.repeat(40) }).scaleOut).toBe(true);
  });
});
