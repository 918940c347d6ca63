import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { communityNewThreadResponse, communityReplyResponse, communitySpacesResponse } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';

// The space's event stream (issue 36): a member with the space open hears of new threads and replies as
// they are posted, through Server-Sent Events over a real socket; a stranger and a visitor are refused;
// a member whose access ends hears nothing more and the stream closes. One process: the in-process bus.

const { t, post, get, learner, admin } = useMembershipShop({ title: 'Events Club' });
const [c1] = demoCourseIds;
let base = '';

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.app.close();
});

async function learnerOf(courseId: string) {
  const user = await learner();
  expect((await post(`/api/admin/learners/${user.id}/grant`, await admin(), { courseId })).statusCode).toBe(200);
  return user;
}

async function courseSpace() {
  const res = await get('/api/spaces', await admin());
  const space = communitySpacesResponse.parse(res.json()).spaces.find((s) => s.courseId === c1);
  if (!space) throw new Error('no space');
  return space;
}

interface Stream {
  status: number;
  type: string;
  body: () => string;
  /** The next event of this type, or a rejection after `ms`. */
  next: (type: string, ms?: number) => Promise<{ threadId: string; postId: string }>;
  ended: Promise<void>;
  close: () => void;
}

function openStream(spaceId: string, user: TestUser | null): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}/api/spaces/${spaceId}/events`,
      { headers: user ? { cookie: user.cookie } : {} },
      (response) => {
        let text = '';
        let seen = 0;
        const waiting: (() => void)[] = [];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          for (const wake of waiting.splice(0)) wake();
        });
        const ended = new Promise<void>((done) => response.on('close', () => done()));
        const next = (type: string, ms = 1000) =>
          new Promise<{ threadId: string; postId: string }>((found, fail) => {
            const timer = setTimeout(() => fail(new Error(`no ${type} event within ${ms} ms: ${text}`)), ms);
            const look = () => {
              const events = text.split('\n\n').slice(0, -1);
              for (; seen < events.length; seen += 1) {
                const lines = events[seen]?.split('\n') ?? [];
                if (lines.includes(`event: ${type}`)) {
                  const data = lines.find((line) => line.startsWith('data: '))?.slice(6) ?? '{}';
                  seen += 1;
                  clearTimeout(timer);
                  found(JSON.parse(data));
                  return;
                }
              }
              waiting.push(look);
            };
            look();
          });
        resolve({
          status: response.statusCode ?? 0,
          type: String(response.headers['content-type']),
          body: () => text,
          next,
          ended,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', reject);
  });
}

describe("a space's event stream", () => {
  it('a member hears of a new thread and of a reply another member posts, within a second, as event names and ids', async () => {
    const space = await courseSpace();
    const listener = await learnerOf(c1);
    const writer = await learnerOf(c1);
    const stream = await openStream(space.id, listener);
    expect(stream.status).toBe(200);
    expect(stream.type).toContain('text/event-stream');
    const posted = await post(`/api/spaces/${space.id}/threads`, writer, { title: 'Live question', body: 'Now?' });
    const thread = communityNewThreadResponse.parse(posted.json()).thread;
    const sentAt = Date.now();
    expect(await stream.next('thread')).toEqual({ threadId: thread.id, postId: thread.id });
    const replied = await post(`/api/threads/${thread.id}/replies`, writer, { body: 'Yes, now.' });
    const reply = communityReplyResponse.parse(replied.json()).reply;
    expect(await stream.next('reply')).toEqual({ threadId: thread.id, postId: reply.id });
    expect(Date.now() - sentAt).toBeLessThan(1000);
    // The body never travels in the event: the page reads it with its own access.
    expect(stream.body()).not.toContain('Yes, now.');
    stream.close();
  });

  it('a stranger gets 403 and a visitor 401 as JSON; a member whose course is revoked hears no more and the stream ends', async () => {
    const space = await courseSpace();
    const stranger = await openStream(space.id, await learner());
    expect(stranger.status).toBe(403);
    await stranger.ended;
    expect(JSON.parse(stranger.body()).ok).toBe(false);
    const visitor = await openStream(space.id, null);
    expect(visitor.status).toBe(401);
    await visitor.ended;

    const leaving = await learnerOf(c1);
    const stream = await openStream(space.id, leaving);
    expect(stream.status).toBe(200);
    expect((await post(`/api/admin/learners/${leaving.id}/revoke`, await admin(), { courseId: c1 })).statusCode).toBe(
      200,
    );
    const operator = await admin();
    await post(`/api/spaces/${space.id}/threads`, operator, { title: 'After you left', body: 'Secret plans' });
    await stream.ended;
    expect(stream.body()).not.toContain('event: thread');
  });
});
