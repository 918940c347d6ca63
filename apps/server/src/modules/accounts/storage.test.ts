import { describe, expect, it } from 'vitest';
import { linkToken, newPerson, sessionCookie, signUpProofCookie, waitForMail } from '../../../test/account-flows.js';
import { useShopWithMail } from '../../../test/mail-shop.js';

const { t, smtp } = useShopWithMail({ seed: false });

async function dump(table: 'users' | 'sessions' | 'auth_tokens' | 'rate_limits' | 'mail_outbox'): Promise<string> {
  return JSON.stringify(await t.database.db.selectFrom(table).selectAll().execute());
}

describe('what the database keeps', () => {
  it('passwords only as argon2id hashes (19 MiB, 2 passes, 1 lane); link and session tokens only as hashes', async () => {
    const person = newPerson();
    const post = (url: string, payload: object, cookie?: string) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: person.ip, headers: cookie ? { cookie } : {} });

    const signedUp = await post('/api/signup', { ...person, cpassword: person.password });
    const verifyToken = linkToken(await waitForMail(t.app, smtp, person.email));
    const verified = await post('/api/verify-email-token', { token: verifyToken }, signUpProofCookie(signedUp));
    const signedIn = await post('/api/signin', { email: person.email, password: person.password });
    await post('/api/email', { email: person.email });
    const signInToken = linkToken(await waitForMail(t.app, smtp, person.email, 2));
    const sessions = [sessionCookie(verified), sessionCookie(signedIn)];
    expect(sessions.every(Boolean)).toBe(true);

    const user = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', person.email)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);

    const secrets = [person.password, verifyToken, signInToken, ...(sessions as string[])];
    for (const table of ['users', 'sessions', 'auth_tokens', 'rate_limits'] as const) {
      const content = await dump(table);
      for (const secret of secrets) expect(content, `${table} holds a secret`).not.toContain(secret);
    }
    // The outbox carries the links until the mail server takes them, but never a password or a session.
    const outbox = await dump('mail_outbox');
    for (const secret of [person.password, ...(sessions as string[])]) expect(outbox).not.toContain(secret);
  });
});
