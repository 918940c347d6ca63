import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './secrets.js';

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
