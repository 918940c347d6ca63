import { messages } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, engine, type TestDatabase, testConfig } from '../../test/helpers.js';
import type { Config } from '../config.js';
import { newId } from '../ids.js';
import { hashPassword } from './passwords.js';
import { createSession } from './session.js';

/**
 * Issue 17: two shop processes on one database. Each app is built from its own copy of the modules
 * (vi.resetModules), so that it keeps its own in-process state (the session cache, the rate-limit
 * plugin's memory) exactly as a second process would.
 */

let database: TestDatabase;
let a: FastifyInstance;
let b: FastifyInstance;

async function processOnSharedDatabase(config: Config): Promise<FastifyInstance> {
  vi.resetModules();
  const { buildApp } = await import('../app.js');
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

beforeAll(async () => {
  database = await createTestDatabase();
  // SCALE_OUT=1 as the processes of a scaled-out shop have it (without the object storage it also asks for).
  const config: Config = { ...testConfig(), scaleOut: true, database: database.config };
  a = await processOnSharedDatabase(config);
  b = await processOnSharedDatabase(config);
});

afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

async function learner(password?: string) {
  const id = newId();
  const email = `scaled-${id}@example.com`;
  const now = new Date().toISOString();
  await database.db
    .insertInto('users')
    .values({
      id,
      username: `scaled_${id.slice(0, 12)}`,
      email,
      email_lower: email,
      password_hash: password ? await hashPassword(password) : null,
      email_verified_at: now,
      google_sub: null,
      role: 'learner',
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, email, cookie: `token=${await createSession(database.db, id)}` };
}

describe(`two processes on one ${engine} database (SCALE_OUT=1)`, () => {
  it('a session signed out through one process is refused by the other on the very next request', async () => {
    const user = await learner();
    const profile = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/profile', headers: { cookie: user.cookie } });
    // B has just resolved the session (and would have kept it in its cache).
    expect((await profile(b)).json()).toMatchObject({ ok: true });
    const origin = new URL(a.deps.config.publicUrl).origin;
    const signedOut = await a.inject({ method: 'POST', url: '/api/logout', headers: { cookie: user.cookie, origin } });
    expect(signedOut.statusCode).toBe(200);
    // The header's profile check answers a visitor 200 { ok: false }.
    expect((await profile(b)).json()).toEqual({ ok: false, message: messages.pleaseLogIn });
  });

  it('the sign-in lockout holds when the attempts alternate between the processes', async () => {
    const user = await learner('right horse battery');
    const signIn = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/signin',
        payload: { email: user.email, password },
        remoteAddress: '10.17.0.1',
      });
    const codes: number[] = [];
    for (let n = 0; n < 10; n++) codes.push((await signIn(n % 2 ? b : a, 'wrong guess')).statusCode);
    expect(codes.every((code) => code === 400 || code === 401)).toBe(true);
    // The 11th attempt, through either process and even with the right password, is refused.
    expect((await signIn(a, 'right horse battery')).statusCode).toBe(429);
    expect((await signIn(b, 'right horse battery')).statusCode).toBe(429);
  });

  it("a route's per-IP limit (@fastify/rate-limit) counts the hits of both processes", async () => {
    const ip = '10.17.0.2';
    const contact = (app: FastifyInstance, n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: { user_name: 'Busy', user_email: 'busy@example.com', message: `Message number ${n} from ${ip}` },
        remoteAddress: ip,
      });
    for (let n = 1; n <= 5; n++) expect((await contact(n % 2 ? a : b, n)).statusCode, `message ${n}`).toBe(200);
    const refused = await contact(a, 6);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ ok: false, message: messages.contactTooMany });
    expect((await contact(b, 7)).statusCode).toBe(429);
  });
});
