import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { communityNewThreadResponse, communityReplyResponse, communitySpacesResponse } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestDatabase,
  engine,
  type TestDatabase,
  type TestUser,
  testConfig,
} from '../../../test/helpers.js';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { seedDemo } from '../../seed/seed.js';

// The space's events across a scaled-out shop (issue 36, decision 0040): two shop apps on one PostgreSQL
// database, each with its own connections and its own bus; a member holds the stream open on the first
// and hears within a second of the reply posted through the second, carried by LISTEN/NOTIFY.

describe.skipIf(engine !== 'postgres')("a space's events between two shop apps (PostgreSQL, scaled out)", () => {
  let database: TestDatabase;
  const opened: { app: FastifyInstance; close: () => Promise<void> }[] = [];

  async function shopApp() {
    const config: Config = { ...testConfig(), scaleOut: true, database: database.config };
    const handle = openDatabase(config.database);
    const app = await buildApp({ config, database: handle, logger: false });
    await app.ready();
    const shop = {
      app,
      origin: new URL(config.publicUrl).origin,
      async close() {
        await app.close();
        await handle.close();
        fs.rmSync(config.dataDir, { recursive: true, force: true });
      },
    };
    opened.push(shop);
    return shop;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
  });
  afterAll(async () => {
    for (const shop of opened) await shop.close();
    await database.close();
  });

  it('a member listening on one app hears of a thread and a reply posted through the other within a second', async () => {
    const listening = await shopApp();
    const posting = await shopApp();
    await listening.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (listening.app.server.address() as AddressInfo).port;
    const operator = await createSignedInUser(database.db, { role: 'admin' });
    const spaces = communitySpacesResponse.parse(
      (await posting.app.inject({ method: 'GET', url: '/api/spaces', headers: { cookie: operator.cookie } })).json(),
    ).spaces;
    const space = spaces.find((s) => s.courseId !== null);
    if (!space) throw new Error('no space');
    const member = await createSignedInUser(database.db);
    const granted = await posting.app.inject({
      method: 'POST',
      url: `/api/admin/learners/${member.id}/grant`,
      headers: { cookie: operator.cookie, origin: posting.origin },
      payload: { courseId: space.courseId },
    });
    expect(granted.statusCode, granted.body).toBe(200);

    let text = '';
    const streamed = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(`http://127.0.0.1:${port}/api/spaces/${space.id}/events`, { headers: { cookie: member.cookie } }, resolve)
        .on('error', reject),
    );
    expect(streamed.statusCode).toBe(200);
    streamed.setEncoding('utf8');
    const heard = (needle: string) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`not heard within 1 s: ${needle} in ${text}`)), 1000);
        const look = () => {
          if (!text.includes(needle)) return;
          clearTimeout(timer);
          streamed.off('data', onData);
          resolve(Date.now());
        };
        const onData = (chunk: string) => {
          text += chunk;
          look();
        };
        streamed.on('data', onData);
        look();
      });
    const as = (user: TestUser, url: string, payload: object) =>
      posting.app.inject({ method: 'POST', url, headers: { cookie: user.cookie, origin: posting.origin }, payload });

    const threadRes = await as(operator, `/api/spaces/${space.id}/threads`, { title: 'Across apps', body: 'Hello' });
    const thread = communityNewThreadResponse.parse(threadRes.json()).thread;
    await heard(`"postId":"${thread.id}"`);
    const sent = Date.now();
    const replyRes = await as(operator, `/api/threads/${thread.id}/replies`, { body: 'Heard on the other side?' });
    const reply = communityReplyResponse.parse(replyRes.json()).reply;
    const at = await heard(`"postId":"${reply.id}"`);
    expect(at - sent).toBeLessThan(1000);
    expect(text).toContain('event: reply');
    streamed.destroy();
  });
});
