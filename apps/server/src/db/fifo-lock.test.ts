import { createHook } from 'node:async_hooks';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { FifoLock } from './fifo-lock.js';

it('resumes its waiters one at a time, in the order they asked, and is free again once they are done', async () => {
  const lock = new FifoLock();
  const order: number[] = [];
  let inside = 0;
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      await lock.lock();
      inside += 1;
      expect(inside).toBe(1);
      order.push(i);
      await Promise.resolve();
      inside -= 1;
      lock.unlock();
    }),
  );
  expect(order).toEqual(Array.from({ length: 50 }, (_, i) => i));
  let taken = false;
  void lock.lock().then(() => {
    taken = true;
  });
  await Promise.resolve();
  expect(taken).toBe(true);
});

it("SQLite: 2,000 transactions waiting at once are served in turn with work in proportion to their number (Kysely's own lock woke every waiter at each release: n² promise turns)", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fifo-lock-'));
  const handle = openDatabase({ kind: 'sqlite', file: path.join(dir, 'shop.sqlite') } as never);
  try {
    await sql`create table turns (id integer primary key, n integer)`.execute(handle.db);
    const count = 2_000;
    // Promises made while they run: a few dozen per transaction with a fair lock; with a lock that wakes
    // every waiter at each release, each release makes one for every transaction still waiting (~n²/2).
    let promises = 0;
    const hook = createHook({
      init(_id, type) {
        if (type === 'PROMISE') promises += 1;
      },
    }).enable();
    try {
      await Promise.all(
        Array.from({ length: count }, (_, i) =>
          handle.db.transaction().execute(async (trx) => {
            await sql`insert into turns (n) values (${i})`.execute(trx);
          }),
        ),
      );
    } finally {
      hook.disable();
    }
    expect(promises).toBeLessThan(100 * count);
    const rows = await sql<{ n: number }>`select n from turns order by id`.execute(handle.db);
    // In turn: in the order the transactions asked for the connection.
    expect(rows.rows.map((row) => row.n)).toEqual(Array.from({ length: count }, (_, i) => i));
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
