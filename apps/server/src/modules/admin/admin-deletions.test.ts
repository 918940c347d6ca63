import { expect, it } from 'vitest';
import { deleteAccount } from '../../../test/account-flows.js';
import { callAs } from '../../../test/admin-test-client.js';
import { createSignedInUser } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/use-test-app.js';

const t = useTestApp();

it('lists each completed account deletion with when and by whom, for admins only', async () => {
  const admin = await createSignedInUser(t.database.db, { role: 'admin' });
  const learner = await createSignedInUser(t.database.db);
  expect((await callAs(t, admin)('GET', '/api/admin/deletions')).json()).toEqual({ ok: true, deletions: [] });

  const before = new Date().toISOString();
  const deleted = await deleteAccount(t, learner);
  expect(deleted.statusCode, deleted.body).toBe(200);

  const res = await callAs(t, admin)('GET', '/api/admin/deletions');
  expect(res.statusCode).toBe(200);
  const [entry, ...rest] = res.json().deletions;
  expect(rest).toEqual([]);
  expect(entry).toMatchObject({
    userId: learner.id,
    account: `deleted-${learner.id}`,
    by: 'the learner',
    status: 'completed',
  });
  expect(entry.deletedAt >= before).toBe(true);
  // The list names the account by its tombstone only: the erased address is not kept anywhere.
  expect(res.body).not.toContain(learner.email);

  const other = await createSignedInUser(t.database.db);
  expect((await callAs(t, other)('GET', '/api/admin/deletions')).statusCode).toBe(403);
  expect((await callAs(t, null)('GET', '/api/admin/deletions')).statusCode).toBe(401);
});
