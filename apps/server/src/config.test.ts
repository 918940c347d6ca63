import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('starts with defaults on an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data/shop.sqlite') });
  });

  it('trusts proxy headers only as TRUST_PROXY says (loopback by default in production)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe('loopback');
    expect(loadConfig({ NODE_ENV: 'production', TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please!' })).toThrow(/^Invalid configuration: TRUST_PROXY must be/);
  });

  it('switches to PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://shop:pw@db.internal:5432/shop' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://shop:pw@db.internal:5432/shop' });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT must be a whole number from 1 to 65535 \(got "abc"\)$/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /^Invalid configuration: DATABASE_URL must be a postgres:\/\//],
    [{ PUBLIC_URL: 'localhost:3000' }, /PUBLIC_URL must be an http/],
    [{ CONTACT_EMAIL: 'nope' }, /CONTACT_EMAIL must be an e-mail address/],
    [{ CONTACT_TO: 'desk' }, /CONTACT_TO must be an e-mail address/],
    [{ LEGAL_DISPUTE_DAYS: '0' }, /^Invalid configuration: LEGAL_DISPUTE_DAYS must be a whole number from 1 to 365/],
    [{ LEGAL_LIABILITY_CAP_INR: '5000.5' }, /LEGAL_LIABILITY_CAP_INR must be a whole number/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('needs the Razorpay secrets once a Razorpay key id is set', () => {
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_x' })).toThrow(
      'Invalid configuration: RAZORPAY_KEY_SECRET is required when RAZORPAY_KEY_ID is set',
    );
    expect(() => loadConfig({ RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's' })).toThrow(
      /RAZORPAY_WEBHOOK_SECRET is required/,
    );
    expect(
      loadConfig({ RAZORPAY_KEY_ID: 'k', RAZORPAY_KEY_SECRET: 's', RAZORPAY_WEBHOOK_SECRET: 'w' }).razorpay,
    ).toEqual({ keyId: 'k', keySecret: 's', webhookSecret: 'w', apiUrl: 'https://api.razorpay.com/v1' });
  });

  it('stops the server process with that line and exit code 1', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "not-a-port")',
    );
  });

  it('stops on a malformed DATABASE_URL before touching any database', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { ...process.env, DATABASE_URL: 'postgres//broken' },
      encoding: 'utf8',
      timeout: 15_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^Invalid configuration: DATABASE_URL must be a postgres:\/\//);
  });
});
