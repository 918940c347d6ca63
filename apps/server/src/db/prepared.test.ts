import fs from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { newId } from '../ids.js';
import { directReader, groupedWriter } from './database.js';
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

  it('on SQLite, reads outside a transaction see every commit at once; while a transaction is open, only committed rows', async () => {
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

    // A request's transaction that has written and is awaiting something: other requests' reads must not see it.
    const email = 'prep-open-trx@example.com';
    let written!: () => void;
    let finish!: () => void;
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const transaction = t.db.transaction().execute(async (trx) => {
      await insertUser.execute(trx, { id: newId(), username: 'prep_open', email, now });
      written();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
      throw new Error('roll back');
    });
    await wrote;
    expect(await userByEmail.first(t.db, { email })).toBeUndefined();
    finish();
    await expect(transaction).rejects.toThrow('roll back');
    expect(await userByEmail.first(t.db, { email })).toBeUndefined();
  });

  it('on SQLite, writes outside a transaction commit together, each caller with its own result or error', async () => {
    if (t.kind !== 'sqlite') return expect(groupedWriter(t.db)).toBeUndefined();
    const file = (t.config as { file: string }).file;
    await sql`pragma wal_checkpoint(truncate)`.execute(t.db);
    const walFrames = () => Math.max(0, (fs.statSync(`${file}-wal`).size - 32) / (24 + 4096));
    expect(walFrames()).toBe(0);

    const users = Array.from({ length: 40 }, (_, i) => ({
      id: newId(),
      username: `group_${i}`,
      email: `group-${i}@example.com`,
      now,
    }));
    // One of them clashes with an existing e-mail (unique): only that caller is refused.
    const clash = { id: newId(), username: 'group_clash', email: 'prep-seen@example.com', now };
    const outcomes = await Promise.allSettled([...users, clash].map((user) => insertUser.execute(t.db, user)));
    expect(outcomes.slice(0, 40).every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(
      outcomes.slice(0, 40).map((outcome) => outcome.status === 'fulfilled' && Number(outcome.value.numAffectedRows)),
    ).toEqual(users.map(() => 1));
    const refused = outcomes[40];
    expect(refused?.status === 'rejected' && String(refused.reason)).toMatch(/UNIQUE constraint failed/);
    for (const user of users) {
      expect(await userByEmail.first(t.db, { email: user.email })).toEqual({ id: user.id, username: user.username });
    }
    expect(await userByEmail.first(t.db, { email: clash.email })).not.toEqual({
      id: clash.id,
      username: clash.username,
    });
    // 40 separate commits would append at least 40 WAL frames (one per changed page per commit).
    expect(walFrames()).toBeGreaterThan(0);
    expect(walFrames()).toBeLessThan(20);
  });

  it('on SQLite, when a group’s commit fails every write in it is refused and none is kept', async () => {
    const write = groupedWriter(t.db);
    if (t.kind !== 'sqlite' || !write) return;
    const user = { id: newId(), username: 'group_lost', email: 'group-lost@example.com', now };
    // Queued in one tick, so one group: a deferred foreign key check makes the COMMIT itself fail.
    const outcomes = await Promise.allSettled([
      write('pragma defer_foreign_keys = on', []),
      insertUser.execute(t.db, user),
      write("insert into cart_items (cart_id, course_id, quantity, added_at) values ('no-cart', 'no-course', 1, ?)", [
        now,
      ]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(String(outcomes[1]?.status === 'rejected' && outcomes[1].reason)).toMatch(/FOREIGN KEY constraint failed/);
    expect(await userByEmail.first(t.db, { email: user.email })).toBeUndefined();
    // The next group commits normally.
    await insertUser.execute(t.db, user);
    expect(await userByEmail.first(t.db, { email: user.email })).toEqual({ id: user.id, username: 'group_lost' });
  });

  it('on SQLite, a write queued while another request’s transaction is open is not part of that transaction', async () => {
    if (t.kind !== 'sqlite') return;
    const outside = { id: newId(), username: 'group_outside', email: 'group-outside@example.com', now };
    const inside = { id: newId(), username: 'group_inside', email: 'group-inside@example.com', now };
    let queued!: Promise<unknown>;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await insertUser.execute(trx, inside);
        queued = insertUser.execute(t.db, outside);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await queued;
    expect(await userByEmail.first(t.db, { email: outside.email })).toEqual({
      id: outside.id,
      username: 'group_outside',
    });
    expect(await userByEmail.first(t.db, { email: inside.email })).toBeUndefined();
  });

  it('boundValues maps every column to its slot', () => {
    const value = (name: string) => `<${name}>`;
    expect(boundValues<{ a: string; b: string }>(value as never, ['a', 'b'])).toEqual({ a: '<a>', b: '<b>' });
  });
});
