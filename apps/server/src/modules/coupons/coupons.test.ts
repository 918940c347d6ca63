import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { couponResponse } from '@shop/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDemoShopApp, createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { AppError } from '../../errors.js';
import { newId } from '../../ids.js';
import { createCoupon } from './create-coupon.js';
import { findUsableCoupon } from './find-usable-coupon.js';

const t = useTestApp(createDemoShopApp);

let codeCounter = 0;
/** Each test makes its own coupon under a fresh code. */
function freshCode(prefix = 'TEST'): string {
  codeCounter += 1;
  return `${prefix}${Date.now().toString(36).toUpperCase()}${codeCounter}`;
}

/** A fresh learner for each test: the lookup allowance and the per-learner limits start at zero. */
let learner: TestUser;
beforeEach(async () => {
  learner = await createSignedInUser(t.database.db);
});

function check(code: string, user: TestUser | null = learner) {
  return t.app.inject({ url: `/api/coupon/${code}`, headers: user ? { cookie: user.cookie } : {} });
}

/** An India calendar date `days` from today, as YYYY-MM-DD. */
function indianDate(days: number): string {
  const shifted = new Date(Date.now() + 5.5 * 3600_000 + days * 86_400_000);
  return shifted.toISOString().slice(0, 10);
}

async function redeem(couponId: string, userId: string) {
  await t.database.db
    .insertInto('coupon_redemptions')
    .values({
      id: newId(),
      coupon_id: couponId,
      user_id: userId,
      order_id: newId(),
      redeemed_at: new Date().toISOString(),
    })
    .execute();
}

const invalid = { ok: false, message: 'Invalid coupon code' };

describe('GET /api/coupon/:code', () => {
  it('the demo coupon WELCOME10 is valid for 10 percent', async () => {
    const res = await check('WELCOME10');
    expect(res.statusCode).toBe(200);
    const body = couponResponse.parse(res.json());
    expect(body).toEqual({
      ok: true,
      message: 'Coupon is valid',
      coupon: { id: body.coupon.id, discountPercentage: 10 },
    });
  });

  it.each(['welcome10', 'Welcome10', 'wElCoMe10'])('matches %s whatever the case', async (code) => {
    const res = await check(code);
    expect(res.statusCode).toBe(200);
    expect(res.json().coupon.discountPercentage).toBe(10);
  });

  it('an unknown code is a 404 Invalid coupon code', async () => {
    const res = await check('NOSUCHCOUPON');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(invalid);
  });

  it('an expired coupon is invalid; one expiring today still works', async () => {
    const expired = freshCode('OLD');
    const today = freshCode('TODAY');
    await createCoupon(t.database.db, { code: expired, percent: 20, expiresOn: indianDate(-1) });
    await createCoupon(t.database.db, { code: today, percent: 20, expiresOn: indianDate(0) });
    expect((await check(expired)).json()).toEqual(invalid);
    expect((await check(expired)).statusCode).toBe(404);
    expect((await check(today)).statusCode).toBe(200);
  });

  it('a coupon that has not started yet is invalid; one starting today works', async () => {
    const later = freshCode('LATER');
    const now = freshCode('NOW');
    await createCoupon(t.database.db, { code: later, percent: 15, startsOn: indianDate(1) });
    await createCoupon(t.database.db, { code: now, percent: 15, startsOn: indianDate(0) });
    expect((await check(later)).json()).toEqual(invalid);
    expect((await check(now)).statusCode).toBe(200);
  });

  it('a used-up coupon is invalid for everyone', async () => {
    const code = freshCode('TWICE');
    const coupon = await createCoupon(t.database.db, { code, percent: 30, maxUses: 2 });
    const others = [await createSignedInUser(t.database.db), await createSignedInUser(t.database.db)];
    await redeem(coupon.id, others[0]!.id);
    expect((await check(code)).statusCode).toBe(200);
    await redeem(coupon.id, others[1]!.id);
    expect((await check(code)).json()).toEqual(invalid);
    expect((await check(code, others[0]!)).statusCode).toBe(404);
  });

  it('a learner who reached the per-learner limit is refused; others are not', async () => {
    const code = freshCode('ONCE');
    const coupon = await createCoupon(t.database.db, { code, percent: 5, maxUsesPerUser: 1 });
    const used = await createSignedInUser(t.database.db);
    expect((await check(code, used)).statusCode).toBe(200);
    await redeem(coupon.id, used.id);
    expect((await check(code, used)).json()).toEqual(invalid);
    expect((await check(code, learner)).statusCode).toBe(200);
  });

  it('an inactive coupon is invalid', async () => {
    const code = freshCode('OFF');
    await createCoupon(t.database.db, { code, percent: 50, active: false });
    expect((await check(code)).json()).toEqual(invalid);
  });

  it.each([
    ['a code with a space', 'BAD%20CODE'],
    ['a code with punctuation', 'WELCOME10%3B'],
    ['a code longer than 40 characters', 'A'.repeat(41)],
  ])('%s is a 400 with a message', async (_name, code) => {
    const res = await check(code);
    expect(res.statusCode).toBe(400);
    expect(res.json().ok).toBe(false);
    expect(res.json().message).toMatch(/code/);
  });

  it('a visitor without a session gets 401 Please log in.', async () => {
    const res = await check('WELCOME10', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, message: 'Please log in.' });
  });

  it('limits lookups per learner, so codes cannot be guessed by trying them', async () => {
    const guesser = await createSignedInUser(t.database.db);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await check(`GUESS${i}`, guesser)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await check('WELCOME10', learner)).statusCode).toBe(200);
  });
});

describe('validity boundaries (India time)', () => {
  it('a coupon expiring on a date works until 23:59:59.999 IST that day', async () => {
    const code = freshCode('EDGE');
    await createCoupon(t.database.db, { code, percent: 10, startsOn: '2030-01-01', expiresOn: '2030-01-31' });
    const at = (iso: string) => findUsableCoupon(t.database.db, code, learner.id, new Date(iso));
    expect(await at('2029-12-31T18:29:59.999Z')).toBeNull();
    expect(await at('2029-12-31T18:30:00.000Z')).toMatchObject({ code, percent: 10 });
    expect(await at('2030-01-31T18:29:59.999Z')).toMatchObject({ code });
    expect(await at('2030-01-31T18:30:00.000Z')).toBeNull();
  });
});

describe('createCoupon', () => {
  it('refuses a code that exists in another case, and writes nothing', async () => {
    const before = await t.database.db.selectFrom('coupons').select('id').execute();
    await expect(createCoupon(t.database.db, { code: 'Welcome10', percent: 50 })).rejects.toThrow(
      'A coupon with this code already exists.',
    );
    expect(await t.database.db.selectFrom('coupons').select('id').execute()).toHaveLength(before.length);
  });

  it.each([
    [{ code: 'X1', percent: 0 }, 'percent'],
    [{ code: 'X1', percent: 101 }, 'percent'],
    [{ code: 'X1', percent: 12.5 }, 'percent'],
    [{ code: 'X1', percent: 10, expiresOn: '2030-02-30' }, 'expiresOn'],
    [{ code: 'X1', percent: 10, startsOn: '2030-03-01', expiresOn: '2030-02-01' }, 'expiresOn'],
    [{ code: 'X1', percent: 10, maxUses: 0 }, 'maxUses'],
    [{ code: 'X1', percent: 10, maxUsesPerUser: -1 }, 'maxUsesPerUser'],
    [{ code: '', percent: 10 }, 'code'],
  ])('refuses %o naming %s', async (input, field) => {
    const error = await createCoupon(t.database.db, input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('bad_request');
    expect(Object.keys((error as AppError).fields ?? {})).toEqual([field]);
    expect(await findUsableCoupon(t.database.db, 'X1', learner.id)).toBeNull();
  });
});

describe('npm run cli -- coupon:create', () => {
  const cli = path.resolve(import.meta.dirname, '../../cli.ts');
  function run(args: string[]) {
    const db = t.database.config;
    const env =
      db.kind === 'postgres' ? { DATABASE_URL: db.url } : { DATABASE_URL: '', DATA_DIR: path.dirname(db.file) };
    return spawnSync(process.execPath, ['--import', 'tsx', cli, 'coupon:create', ...args], {
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 20_000,
    });
  }

  it('creates a coupon the API then accepts, with its limits', async () => {
    const code = freshCode('CLI');
    const result = run(['--code', code, '--percent', '25', '--expires', '2099-12-31', '--max-uses-per-user', '1']);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(`Created coupon ${code}: 25% off, until the end of 2099-12-31, 1 per learner.`);
    const res = await check(code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().coupon.discountPercentage).toBe(25);
  });

  it('a bad option exits 1 naming the option and creates nothing', async () => {
    const code = freshCode('CLIBAD');
    const result = run(['--code', code, '--percent', '150']);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('--percent: must be a whole number from 1 to 100');
    expect((await check(code)).statusCode).toBe(404);
  });
});
