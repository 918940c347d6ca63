import { describe, expect, it } from 'vitest';
import { createSignedInUser } from '../../test/helpers.js';
import { useTestDatabase } from '../../test/use-test-app.js';
import { consumeLinkToken, issueLinkToken, pruneLinkTokens } from './link-tokens.js';
import { hashToken } from './tokens.js';

const database = useTestDatabase();

describe('link tokens', () => {
  it('are stored only as their SHA-256, with 24 hours for verification and 15 minutes for sign-in', async () => {
    const user = await createSignedInUser(database.db);
    const now = new Date('2025-01-01T10:00:00.000Z');
    const verify = await issueLinkToken(database.db, user.id, 'verify_email', now);
    const signIn = await issueLinkToken(database.db, user.id, 'sign_in', now);
    expect(verify).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db
      .selectFrom('auth_tokens')
      .select(['token_hash', 'purpose', 'expires_at'])
      .where('user_id', '=', user.id)
      .orderBy('purpose')
      .execute();
    expect(rows).toEqual([
      { token_hash: hashToken(signIn), purpose: 'sign_in', expires_at: '2025-01-01T10:15:00.000Z' },
      { token_hash: hashToken(verify), purpose: 'verify_email', expires_at: '2025-01-02T10:00:00.000Z' },
    ]);
    expect(JSON.stringify(rows)).not.toContain(verify);
  });

  it('work only for the purposes the caller accepts', async () => {
    const user = await createSignedInUser(database.db);
    const token = await issueLinkToken(database.db, user.id, 'sign_in');
    expect(await consumeLinkToken(database.db, token, ['verify_email'])).toBeNull();
    expect(await consumeLinkToken(database.db, token, ['sign_in'])).toEqual({ userId: user.id, purpose: 'sign_in' });
  });

  it('of ten concurrent uses of one token, exactly one succeeds', async () => {
    const user = await createSignedInUser(database.db);
    const token = await issueLinkToken(database.db, user.id, 'sign_in');
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeLinkToken(database.db, token, ['sign_in', 'verify_email'])),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('a newer link of the same purpose replaces the older one', async () => {
    const user = await createSignedInUser(database.db);
    const older = await issueLinkToken(database.db, user.id, 'sign_in');
    const newer = await issueLinkToken(database.db, user.id, 'sign_in');
    expect(await consumeLinkToken(database.db, older, ['sign_in'])).toBeNull();
    expect(await consumeLinkToken(database.db, newer, ['sign_in'])).not.toBeNull();
  });

  it('expire, and expired ones are pruned', async () => {
    const user = await createSignedInUser(database.db);
    const issuedAt = new Date('2025-01-01T10:00:00.000Z');
    const token = await issueLinkToken(database.db, user.id, 'sign_in', issuedAt);
    const late = new Date('2025-01-01T10:15:00.001Z');
    expect(await consumeLinkToken(database.db, token, ['sign_in'], late)).toBeNull();
    await pruneLinkTokens(database.db, late);
    const left = await database.db.selectFrom('auth_tokens').select('id').where('user_id', '=', user.id).execute();
    expect(left).toEqual([]);
  });
});
