import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { messages } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { newPerson } from '../../../test/account-flows.js';
import { createSignedInUser } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { createAdmin } from './create-admin.js';

const t = useTestApp();

function signIn(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/signin', payload: { email, password } });
}

describe('user:create-admin', () => {
  it('creates a verified admin who signs in with the password and is sent to /admin', async () => {
    const person = newPerson('admin');
    expect(await createAdmin(t.database.db, { email: person.email, password: person.password })).toBe('created');
    const res = await signIn(person.email, person.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ redirectUrl: '/admin', email: person.email });
    const token = res.cookies.find((c) => c.name === 'token')?.value;
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: `token=${token}` } });
    expect(profile.json().role).toBe('admin');
  });

  it('promotes an existing user, setting the given password', async () => {
    const user = await createSignedInUser(t.database.db);
    expect(await createAdmin(t.database.db, { email: user.email, password: 'a new admin password' })).toBe('promoted');
    const row = await t.database.db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirst();
    expect(row?.role).toBe('admin');
    expect((await signIn(user.email, 'a new admin password')).statusCode).toBe(200);
  });

  it('refuses a bad address or a short password and writes nothing', async () => {
    await expect(createAdmin(t.database.db, { email: 'nope', password: 'long enough' })).rejects.toThrow(
      '--email: Email must be a valid email',
    );
    const email = newPerson().email;
    await expect(createAdmin(t.database.db, { email, password: 'short' })).rejects.toThrow(
      `--password: ${messages.passwordTooShort}`,
    );
    const rows = await t.database.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toEqual([]);
  });

  it('runs from the command line', () => {
    const root = path.resolve(import.meta.dirname, '../../../../..');
    const person = newPerson('cli');
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'apps/server/src/cli.ts',
        'user:create-admin',
        '--email',
        person.email,
        '--password',
        person.password,
      ],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(`Created the admin account ${person.email}.`);
    expect(run.status).toBe(0);
  });
});
