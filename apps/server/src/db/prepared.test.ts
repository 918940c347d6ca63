import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { newId } from '../ids.js';
import { directReader } from './database.js';
import { boundValues, preparedQuery } from './prepared.js';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const now = new Date().toISOString();
const insertUser = preparedQuery<{ id: string; username: string; email: string; now: string }>()((db, value) =>
  db.insertInto('users').values({
    id: value('id'),
    username: value('username'),
    email: value('email'),
    email_lower: value('email'),
    password_hash: null,
    email_verified_at: null,
    google_sub: null,
    role: 'learner',
    created_at: value('now'),
    updated_at: value('now'),
  }),
);
const userByEmail = preparedQuery<{ email: string }>()((db, value) =>
  db.selectFrom('users').select(['id', 'username']).where('email_lower', '=', value('email')),
);

describe('preparedQuery', () => {
  it('binds each call its own values and answers as the query builder does', async () => {
    const a = { id: newId(), username: 'prep_a', email: 'prep-a@example.com', now };
    const b = { id: newId(), username: 'prep_b', email: 'prep-b@example.com', now };
    expect(Number((await insertUser.execute(t.db, a)).numAffectedRows)).toBe(1);
    await insertUser.execute(t.db, b);
    expect(await userByEmail.first(t.db, { email: a.email })).toEqual({ id: a.id, username: 'prep_a' });
    expect(await userByEmail.rows(t.db, { email: b.email })).toEqual([{ id: b.id, username: 'prep_b' }]);
    const built = await t.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('email_lower', '=', b.email)
      .executeTakeFirst();
    expect(await userByEmail.first(t.db, { email: b.email })).toEqual(built);
    expect(await userByEmail.first(t.db, { email: 'nobody@example.com' })).toBeUndefined();
  });

  it('a value is always a bound parameter, never SQL', async () => {
    const hostile = "x' or '1'='1";
    expect(await userByEmail.rows(t.db, { email: hostile })).toEqual([]);
  });

  it('inside a transaction it sees the transaction’s own writes; outside, only committed ones', async () => {
    const id = newId();
    const email = 'prep-trx@example.com';
    await expect(
      t.db.transaction().execute(async (trx) => {
        await insertUser.execute(trx, { id, username: 'prep_trx', email, now });
        expect(await userByEmail.first(trx, { email })).toEqual({ id, username: 'prep_trx' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await userByEmail.first(t.db, { email })).toBeUndefined();
  });

  it('on SQLite, reads outside a transaction go to the read-only connection and see every commit at once', async () => {
    if (t.kind !== 'sqlite') return expect(directReader(t.db)).toBeUndefined();
    expect(directReader(t.db)).toBeTypeOf('function');
    const id = newId();
    await t.db
      .insertInto('users')
      .values({
        id,
        username: 'prep_seen',
        email: 'prep-seen@example.com',
        email_lower: 'prep-seen@example.com',
        role: 'learner',
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect(await userByEmail.first(t.db, { email: 'prep-seen@example.com' })).toEqual({ id, username: 'prep_seen' });
    // The read-only connection refuses writes.
    expect(() => directReader(t.db)?.("delete from users where id = 'x'", [])).toThrow();
  });

  it('boundValues maps every column to its slot', () => {
    const value = (name: string) => `<${name}>`;
    expect(boundValues<{ a: string; b: string }>(value as never, ['a', 'b'])).toEqual({ a: '<a>', b: '<b>' });
  });
});
