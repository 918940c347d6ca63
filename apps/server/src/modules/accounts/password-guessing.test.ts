import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { linkToken, newPerson, sessionCookie, signUpProofCookie, waitForMail } from '../../../test/account-flows.js';
import { useShopWithMail } from '../../../test/mail-shop.js';
import { argonQueueStats } from '../../auth/argon-queue.js';
import { createAdmin } from './create-admin.js';

/** Issue 12 item 6 (attack report F8, R5): password guessing and argon2 load. */

const { t, smtp } = useShopWithMail({ seed: false });

type Person = ReturnType<typeof newPerson>;

function post(url: string, payload: object, ip: string, cookie?: string) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: cookie ? { cookie } : {} });
}

function signIn(email: string, password: string, ip: string) {
  return post('/api/signin', { email, password }, ip);
}

async function verifiedPerson(): Promise<Person> {
  const person = newPerson('guessed');
  const signedUp = await post('/api/signup', { ...person, cpassword: person.password }, person.ip);
  expect(signedUp.statusCode).toBe(200);
  const token = linkToken(await waitForMail(t.app, smtp, person.email));
  expect((await post('/api/verify-email-token', { token }, person.ip, signUpProofCookie(signedUp))).statusCode).toBe(
    200,
  );
  return person;
}

async function ageKey(key: string) {
  await t.database.db
    .updateTable('rate_limits')
    .set({ window_ends_at: new Date(Date.now() - 1000).toISOString() })
    .where('key', '=', key)
    .execute();
}

describe('common passwords', () => {
  it('sign-up refuses one of the most common passwords, in any case, with a message for the password field', async () => {
    for (const password of ['football1', 'FOOTBALL1', 'iloveyou']) {
      const person = newPerson();
      const res = await post('/api/signup', { ...person, password, cpassword: password }, person.ip);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({
        ok: false,
        message: messages.passwordTooCommon,
        fields: { password: messages.passwordTooCommon },
      });
      const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', person.email).execute();
      expect(rows).toEqual([]);
    }
  });

  it('an operator cannot give an admin account a common password either', async () => {
    await expect(createAdmin(t.database.db, { email: newPerson().email, password: 'password1' })).rejects.toThrow(
      messages.passwordTooCommon,
    );
  });
});

describe('sign-in budgets', () => {
  it('one IP gets 100 failures in 15 minutes across any accounts, then 429 even for a right password', async () => {
    const person = await verifiedPerson();
    const ip = '203.0.113.120';
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => signIn(`sprayed-${batch}-${i}-${person.email}`, 'Spring2024!x', ip)),
      );
      expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(401));
    }
    const blocked = await signIn(person.email, person.password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many attempts, try again in 1[45] minutes$/);
    expect(sessionCookie(blocked)).toBeUndefined();
    // Another IP is unaffected, and the budget comes back when the window ends.
    expect((await signIn(person.email, person.password, '203.0.113.121')).statusCode).toBe(200);
    await ageKey(`signin-ip:${ip}`);
    expect((await signIn(person.email, person.password, ip)).statusCode).toBe(200);
  });

  it('one account gets 10 failures from any IPs, then a growing wait that a right password must also respect', async () => {
    const person = await verifiedPerson();
    const botnet = (i: number) => `198.18.${Math.floor(i / 200)}.${(i % 200) + 1}`;
    for (let i = 0; i < 10; i++) {
      expect((await signIn(person.email, `guess ${i}`, botnet(i))).statusCode, `guess ${i}`).toBe(401);
    }
    // Nothing waits yet: the owner signs in, which forgives the failures so far.
    expect((await signIn(person.email, person.password, person.ip)).statusCode).toBe(200);
    for (let i = 0; i < 11; i++)
      expect((await signIn(person.email, `again ${i}`, botnet(20 + i))).statusCode).toBe(401);

    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const blocked = await signIn(person.email, person.password, botnet(50 + round));
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toBe('Too many attempts, try again in 1 minute');
      waits.push(Number(blocked.headers['retry-after']));
      await ageKey(`signin-wait:${person.email}`);
      expect((await signIn(person.email, `more ${round}`, botnet(60 + round))).statusCode).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8]);

    await ageKey(`signin-wait:${person.email}`);
    expect((await signIn(person.email, person.password, person.ip)).statusCode).toBe(200);
    // The success forgave the failures: the next wrong guess is free again.
    expect((await signIn(person.email, 'after success', botnet(90))).statusCode).toBe(401);
    expect((await signIn(person.email, person.password, person.ip)).statusCode).toBe(200);
  });
});

describe('argon2 work under a flood of guesses (attack report R5)', () => {
  it('runs at most 2 hashes at once, one per client, so a second client is served while a flood waits', async () => {
    const victim = await verifiedPerson();
    argonQueueStats.resetMaxActive();
    const finished: string[] = [];
    const flood = Array.from({ length: 16 }, (_, i) =>
      signIn(`flood-${i}-${victim.email}`, 'not a password', '203.0.113.200').then((res) => {
        finished.push(`flood ${i}`);
        return res.statusCode;
      }),
    );
    // Wait until the flood is queued behind the two running hashes, then the victim asks.
    const deadline = Date.now() + 10_000;
    while (argonQueueStats.waiting() < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    expect(argonQueueStats.waiting()).toBeGreaterThanOrEqual(10);
    const own = signIn(victim.email, victim.password, victim.ip).then((res) => {
      finished.push('victim');
      return res.statusCode;
    });
    expect(await own).toBe(200);
    expect(await Promise.all(flood)).toEqual(Array(16).fill(401));

    expect(argonQueueStats.maxActiveSeen()).toBe(argonQueueStats.MAX_ACTIVE);
    expect(argonQueueStats.MAX_ACTIVE).toBe(2);
    // Round-robin between clients: the victim waits for about one flood call, not for the whole queue.
    expect(finished.indexOf('victim')).toBeLessThan(6);
  });
});
