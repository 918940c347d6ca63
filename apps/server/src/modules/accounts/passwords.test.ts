import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  accountCalls,
  linkToken,
  mailsTo,
  newPerson,
  sessionCookie,
  waitForMail,
} from '../../../test/account-flows.js';
import { createSignedInUser } from '../../../test/helpers.js';
import { useShopWithMail } from '../../../test/mail-shop.js';
import { mailText } from '../../../test/smtp.js';
import { createSession } from '../../auth/session.js';

const { t, smtp } = useShopWithMail({ seed: false, env: { SITE_NAME: 'TradeSkool Test' } });
const { post, profile, signUpVerified } = accountCalls(() => ({ t, smtp }));

type Person = ReturnType<typeof newPerson>;

function signIn(person: Person, password: string) {
  return post('/api/signin', { email: person.email, password }, { ip: person.ip });
}

/** The token of the /reset-password/{token} link in the `count`-th mail to `email`. */
async function resetToken(email: string, count: number): Promise<string> {
  const mail = await waitForMail(t.app, smtp, email, count);
  const match = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mailText(mail.raw));
  if (!match?.[1]) throw new Error(`no reset link in the mail:\n${mail.raw}`);
  return match[1];
}

describe('changing the password in the profile', () => {
  it('needs the current password, ends every other session and keeps this browser signed in', async () => {
    const person = newPerson('change');
    const session = await signUpVerified(person);
    const other = sessionCookie(await signIn(person, person.password));
    expect((await profile(other)).ok).toBe(true);
    const newPassword = `${person.password} again`;

    const wrong = await post(
      '/api/change-password',
      { currentPassword: 'not my password', password: newPassword, cpassword: newPassword },
      { cookie: session, ip: person.ip },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.currentPasswordWrong);

    const changed = await post(
      '/api/change-password',
      { currentPassword: person.password, password: newPassword, cpassword: newPassword },
      { cookie: session, ip: person.ip },
    );
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ ok: true, message: messages.passwordChanged });
    const fresh = sessionCookie(changed);
    expect(fresh).toBeDefined();
    expect(fresh).not.toBe(session);
    expect((await profile(fresh)).ok).toBe(true);
    expect((await profile(other)).ok).toBe(false);
    expect((await profile(session)).ok).toBe(false);

    expect((await signIn(person, person.password)).statusCode).toBe(401);
    expect((await signIn(person, newPassword)).statusCode).toBe(200);
  });

  it('refuses a common password and a caller without a session', async () => {
    const person = newPerson('common');
    const session = await signUpVerified(person);
    const common = await post(
      '/api/change-password',
      { currentPassword: person.password, password: 'password123', cpassword: 'password123' },
      { cookie: session, ip: person.ip },
    );
    expect(common.statusCode).toBe(400);
    expect(common.json().fields).toEqual({ password: messages.passwordTooCommon });
    expect((await signIn(person, person.password)).statusCode).toBe(200);

    const anonymous = await post('/api/change-password', {
      currentPassword: person.password,
      password: 'a fresh long one',
      cpassword: 'a fresh long one',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('an account without a password is sent to the reset link instead', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await post(
      '/api/change-password',
      { currentPassword: 'anything at all', password: 'a fresh long one', cpassword: 'a fresh long one' },
      { cookie: user.token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.noPasswordYet);
  });
});

describe('forgot password and the reset link', () => {
  it('answers the same for known and unknown addresses, and mails only the known one', async () => {
    const person = newPerson('forgot');
    await signUpVerified(person);
    const stranger = newPerson('nobody');
    const known = await post('/api/forgot-password', { email: person.email }, { ip: person.ip });
    const unknown = await post('/api/forgot-password', { email: stranger.email }, { ip: stranger.ip });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json().message).toBe(messages.resetLinkSent);
    const mail = await waitForMail(t.app, smtp, person.email, 2);
    expect(mailText(mail.raw)).toContain('Subject: Choose a new password for TradeSkool Test');
    await t.app.deps.mail.deliverPending();
    expect(mailsTo(smtp, stranger.email)).toHaveLength(0);
  });

  it('the link sets a new password once, ends every session and signs in; a second use fails', async () => {
    const person = newPerson('reset');
    const oldSession = await signUpVerified(person);
    await post('/api/forgot-password', { email: person.email }, { ip: person.ip });
    const token = await resetToken(person.email, 2);
    const newPassword = `${person.password} reset`;

    const mismatch = await post('/api/reset-password', { token, password: newPassword, cpassword: 'something else' });
    expect(mismatch.statusCode).toBe(400);

    const reset = await post('/api/reset-password', { token, password: newPassword, cpassword: newPassword });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ ok: true, message: messages.passwordResetDone, email: person.email });
    expect((await profile(sessionCookie(reset))).ok).toBe(true);
    expect((await profile(oldSession)).ok).toBe(false);
    expect((await signIn(person, person.password)).statusCode).toBe(401);
    expect((await signIn(person, newPassword)).statusCode).toBe(200);

    const again = await post('/api/reset-password', {
      token,
      password: 'yet another one',
      cpassword: 'yet another one',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(messages.resetLinkInvalid);
  });

  it('a sign-in or verification link is no reset link, and a reset link signs in nowhere else', async () => {
    const person = newPerson('mixed');
    await signUpVerified(person);
    await post('/api/email', { email: person.email }, { ip: person.ip });
    const signInToken = linkToken(await waitForMail(t.app, smtp, person.email, 2));
    const refused = await post('/api/reset-password', {
      token: signInToken,
      password: 'a fresh long one',
      cpassword: 'a fresh long one',
    });
    expect(refused.statusCode).toBe(400);

    await post('/api/forgot-password', { email: person.email }, { ip: person.ip });
    const token = await resetToken(person.email, 3);
    expect((await post('/api/verify-email-token', { token })).statusCode).toBe(400);
    expect((await post('/api/preview-email-token', { token })).statusCode).toBe(400);
  });

  it('a reset link works for 30 minutes, then no more', async () => {
    const person = newPerson('late');
    await signUpVerified(person);
    await post('/api/forgot-password', { email: person.email }, { ip: person.ip });
    const token = await resetToken(person.email, 2);
    const row = await t.database.db
      .selectFrom('auth_tokens')
      .innerJoin('users', 'users.id', 'auth_tokens.user_id')
      .select(['auth_tokens.created_at', 'auth_tokens.expires_at', 'auth_tokens.token_hash'])
      .where('users.email_lower', '=', person.email.toLowerCase())
      .where('purpose', '=', 'reset_password')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(30 * 60 * 1000);
    expect(row.token_hash).not.toContain(token);
    await t.database.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('token_hash', '=', row.token_hash)
      .execute();
    const res = await post('/api/reset-password', {
      token,
      password: 'a fresh long one',
      cpassword: 'a fresh long one',
    });
    expect(res.statusCode).toBe(400);
  });

  it('a reset verifies a never-verified address, replacing the password a stranger set before it', async () => {
    const owner = newPerson('owner');
    const attacker = { ...newPerson('attacker'), email: owner.email };
    const signedUp = await post(
      '/api/signup',
      { username: attacker.username, email: owner.email, password: attacker.password, cpassword: attacker.password },
      { ip: attacker.ip },
    );
    expect(signedUp.statusCode).toBe(200);
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email_lower', '=', owner.email.toLowerCase())
      .executeTakeFirstOrThrow();
    const attackerSession = await createSession(t.database.db, user.id);

    await post('/api/forgot-password', { email: owner.email }, { ip: owner.ip });
    const token = await resetToken(owner.email, 2);
    const res = await post('/api/reset-password', { token, password: owner.password, cpassword: owner.password });
    expect(res.statusCode).toBe(200);

    const row = await t.database.db
      .selectFrom('users')
      .select('email_verified_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_verified_at).not.toBeNull();
    expect((await profile(attackerSession)).ok).toBe(false);
    expect((await signIn(attacker, attacker.password)).statusCode).toBe(401);
    expect((await signIn(owner, owner.password)).statusCode).toBe(200);
  });

  it('is limited per address', async () => {
    const person = newPerson('limited');
    const answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(
        (await post('/api/forgot-password', { email: person.email }, { ip: `203.0.113.${i + 1}` })).statusCode,
      );
    }
    expect(answers).toEqual([200, 200, 200, 429]);
  });
});
