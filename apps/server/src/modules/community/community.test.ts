import {
  communityNewThreadResponse,
  communityQueueResponse,
  communityReplyResponse,
  communitySpacesResponse,
  communityThreadResponse,
  communityThreadsResponse,
  messages,
} from '@shop/shared';
import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { demoCourseIds, MEMBERSHIP_EPOCH, useMembershipShop } from '../../../test/membership-kit.js';
import { hashPassword } from '../../auth/passwords.js';

// The members' community (issue 36) as a member's browser, a stranger and the console meet it: who is in a
// space (a course's learners, a plan's members, the operator) checked at every call, threads and replies,
// the answer, "helpful", the Markdown rendered safely, edits within 15 minutes, limits, held posts,
// reports, hides, bans and mutes, the data export and deletion, and the event stream. The clock is set.

const { t, post, origin, get, setClock, newPlan, learner, admin, member, deliverAll, chargedMember, signedInAgain } =
  useMembershipShop({ title: 'Community Club', plan: { community: true } });
const [c1, c2] = demoCourseIds;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const send = (method: 'PATCH' | 'DELETE', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { origin: origin(), ...(user ? { cookie: user.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });

/** A learner the console granted the course to. */
async function learnerOf(courseId: string) {
  const user = await learner();
  const granted = await post(`/api/admin/learners/${user.id}/grant`, await admin(), { courseId });
  expect(granted.statusCode, granted.body).toBe(200);
  return user;
}

/** A learner whose account is two days old (past the newcomer's limits), with the course granted. */
async function establishedLearnerOf(courseId: string) {
  const user = await learnerOf(courseId);
  setClock(Date.now() + 2 * DAY);
  return signedInAgain(user);
}

async function spacesOf(user: TestUser) {
  const res = await get('/api/spaces', user);
  expect(res.statusCode, res.body).toBe(200);
  return communitySpacesResponse.parse(res.json()).spaces;
}

async function spaceOf(owner: { courseId?: string; planId?: string }) {
  const spaces = await spacesOf(await admin());
  const space = spaces.find((s) => (owner.courseId ? s.courseId === owner.courseId : s.planId === owner.planId));
  if (!space) throw new Error('no space');
  return space;
}

async function started(user: TestUser, spaceId: string, fields: object = {}) {
  const res = await post(`/api/spaces/${spaceId}/threads`, user, {
    title: 'How do I size a position?',
    body: 'I risk **1%** per trade.',
    kind: 'question',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return communityNewThreadResponse.parse(res.json()).thread;
}

async function replied(user: TestUser, threadId: string, body = 'Use the stop distance.') {
  const res = await post(`/api/threads/${threadId}/replies`, user, { body });
  expect(res.statusCode, res.body).toBe(201);
  return communityReplyResponse.parse(res.json()).reply;
}

async function threadAs(user: TestUser, threadId: string) {
  const res = await get(`/api/threads/${threadId}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return communityThreadResponse.parse(res.json()).thread;
}

async function threadsAs(user: TestUser, spaceId: string, query = '') {
  const res = await get(`/api/spaces/${spaceId}/threads${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return communityThreadsResponse.parse(res.json());
}

describe('who belongs to a space', () => {
  it("a course's buyer, a plan's member and the operator see their spaces; a stranger sees none and gets 403; a visitor 401", async () => {
    const plan = await newPlan({ courseIds: [c2] });
    const buyer = await learnerOf(c1);
    const subscriber = await learner();
    await deliverAll((await member(subscriber, plan.id)).webhooks);
    const stranger = await learner();
    const courseSpace = await spaceOf({ courseId: c1 });
    const planSpace = await spaceOf({ planId: plan.id });

    const buyers = (await spacesOf(buyer)).map((s) => s.id);
    expect(buyers).toContain(courseSpace.id);
    expect(buyers).not.toContain(planSpace.id);
    const members = (await spacesOf(subscriber)).map((s) => s.id);
    expect(members).toContain(planSpace.id);
    // The plan includes c2, so its member is in c2's space, not c1's.
    expect(members).toContain((await spaceOf({ courseId: c2 })).id);
    expect(members).not.toContain(courseSpace.id);
    expect(await spacesOf(stranger)).toEqual([]);

    const refused = await get(`/api/spaces/${courseSpace.id}/threads`, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.communityNotMember);
    const thread = await started(buyer, courseSpace.id);
    expect((await get(`/api/threads/${thread.id}`, stranger)).statusCode).toBe(403);
    expect((await post(`/api/threads/${thread.id}/replies`, stranger, { body: 'hi' })).statusCode).toBe(403);
    expect(
      (await post(`/api/spaces/${courseSpace.id}/threads`, stranger, { title: 'abc', body: 'x' })).statusCode,
    ).toBe(403);
    for (const url of ['/api/spaces', `/api/spaces/${courseSpace.id}/threads`, `/api/threads/${thread.id}`])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await post(`/api/spaces/${courseSpace.id}/threads`, null, { title: 'abc', body: 'x' })).statusCode).toBe(
      401,
    );
    expect((await get('/api/spaces/ffffffffffffffffffffffff/threads', buyer)).statusCode).toBe(404);
    // The operator is in every space.
    expect((await threadAs(await admin(), thread.id)).id).toBe(thread.id);
  });

  it('a buyer whose course is revoked loses the space on the next call', async () => {
    const buyer = await learnerOf(c1);
    const space = await spaceOf({ courseId: c1 });
    const thread = await started(buyer, space.id);
    const revoked = await post(`/api/admin/learners/${buyer.id}/revoke`, await admin(), { courseId: c1 });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await get(`/api/threads/${thread.id}`, buyer)).statusCode).toBe(403);
    expect((await get(`/api/spaces/${space.id}/threads`, buyer)).statusCode).toBe(403);
    expect((await spacesOf(buyer)).map((s) => s.id)).not.toContain(space.id);
  });

  it("a member whose membership ends at its period's end loses the plan's space then", async () => {
    const plan = await newPlan({ courseIds: [c2] });
    const user = await learner();
    const made = await chargedMember(user, plan.id);
    const space = await spaceOf({ planId: plan.id });
    expect((await get(`/api/spaces/${space.id}/threads`, user)).statusCode).toBe(200);
    expect((await post(`/api/my/subscriptions/${made.subscriptionId}/cancel`, user, {})).statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('subscriptions')
      .select('current_period_end')
      .where('id', '=', made.subscriptionId)
      .executeTakeFirstOrThrow();
    const end = Date.parse(row.current_period_end ?? '');
    setClock(end - 1000);
    const session = await signedInAgain(user);
    expect((await get(`/api/spaces/${space.id}/threads`, session)).statusCode).toBe(200);
    setClock(end);
    const lapsed = await get(`/api/spaces/${space.id}/threads`, session);
    expect(lapsed.statusCode).toBe(403);
    expect((await spacesOf(session)).map((s) => s.id)).not.toContain(space.id);
  });

  it("a plan without the community has no space; the operator's own space is open to anyone with a live enrolment", async () => {
    const plain = await newPlan({ community: false });
    expect((await spacesOf(await admin())).map((s) => s.planId)).not.toContain(plain.id);
    const created = await post('/api/admin/community/spaces', await admin(), { title: 'Market hours chat' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().space.id;
    expect((await spacesOf(await learnerOf(c2))).map((s) => s.id)).toContain(id);
    expect((await spacesOf(await learner())).map((s) => s.id)).not.toContain(id);
    expect((await post('/api/admin/community/spaces', await learner(), { title: 'Mine' })).statusCode).toBe(403);
  });
});

describe('threads and replies', () => {
  it('bad input: 400 with the field and its message, nothing saved', async () => {
    const buyer = await learnerOf(c1);
    const space = await spaceOf({ courseId: c1 });
    const before = await t.database.db.selectFrom('community_posts').select('id').execute();
    const cases: [object, string, string][] = [
      [{ title: 'ab', body: 'x', kind: 'question' }, 'title', 'a title is at least 3 characters'],
      [{ title: 'A fine title', body: '   ', kind: 'question' }, 'body', 'write something first'],
      [{ title: 'A fine title', body: 'x', kind: 'tip' }, 'kind', ''],
      [{ title: 'A fine title', body: 'x'.repeat(20_001) }, 'body', 'a post is at most 20000 characters'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await post(`/api/spaces/${space.id}/threads`, buyer, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
      expect(res.json().message).toContain(message);
    }
    expect(await t.database.db.selectFrom('community_posts').select('id').execute()).toHaveLength(before.length);
    const announcement = await post(`/api/spaces/${space.id}/threads`, buyer, {
      title: 'Announcing',
      body: 'x',
      kind: 'announcement',
    });
    expect(announcement.statusCode).toBe(403);
    expect(announcement.json().message).toBe(messages.communityAnnouncementOperatorOnly);
  });

  it('a question, its replies, one helpful per member, the asker marks the answer (shown first); another member may not', async () => {
    const asker = await learnerOf(c1);
    const helper = await learnerOf(c1);
    const other = await learnerOf(c1);
    const space = await spaceOf({ courseId: c1 });
    const thread = await started(asker, space.id);
    expect(thread).toMatchObject({ kind: 'question', replies: 0, answered: false, pinned: false });
    const first = await replied(other, thread.id, 'Guess.');
    setClock(Date.now() + MINUTE);
    const good = await replied(helper, thread.id, 'Risk divided by the **stop distance**.');
    expect(good.bodyHtml).toBe('<p>Risk divided by the <strong>stop distance</strong>.</p>');

    for (let i = 0; i < 2; i += 1)
      expect((await post(`/api/posts/${good.id}/helpful`, asker, {})).statusCode).toBe(200);
    expect((await post(`/api/posts/${good.id}/helpful`, other, {})).statusCode).toBe(200);
    const refused = await post(`/api/replies/${good.id}/answer`, other, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.communityAnswerNotAllowed);
    expect((await post(`/api/replies/${good.id}/answer`, asker, {})).statusCode).toBe(200);

    const view = await threadAs(helper, thread.id);
    expect(view.answerId).toBe(good.id);
    expect(view.replies.map((r) => r.id)).toEqual([good.id, first.id]);
    expect(view.replies[0]).toMatchObject({ isAnswer: true, helpful: 2, helpfulByMe: false, mine: true });
    expect(view.mayMarkAnswer).toBe(false);
    expect((await threadAs(asker, thread.id)).replies[0]?.helpfulByMe).toBe(true);
    const listed = (await threadsAs(asker, space.id)).threads.find((s) => s.id === thread.id);
    expect(listed).toMatchObject({ replies: 2, answered: true });
    // The operator may move the answer.
    expect((await post(`/api/replies/${first.id}/answer`, await admin(), {})).statusCode).toBe(200);
    expect((await threadAs(asker, thread.id)).replies[0]?.id).toBe(first.id);
    // A discussion has no answer.
    const talk = await started(asker, space.id, { kind: 'discussion', title: 'Good morning' });
    const hello = await replied(helper, talk.id, 'Hello');
    expect((await post(`/api/replies/${hello.id}/answer`, asker, {})).statusCode).toBe(409);
  });

  it('newest first with pinned announcements on top, 20 a page with a cursor; search; unanswered questions', async () => {
    const operator = await admin();
    const space = (await post('/api/admin/community/spaces', operator, { title: 'Paging space' })).json().space;
    const made: string[] = [];
    for (let i = 0; i < 23; i += 1) {
      setClock(MEMBERSHIP_EPOCH + i * MINUTE);
      const kind = i % 2 === 0 ? 'question' : 'discussion';
      made.push((await started(operator, space.id, { title: `Thread number ${i}`, kind, body: `body ${i}` })).id);
    }
    setClock(MEMBERSHIP_EPOCH - DAY);
    const pinned = await started(operator, space.id, { title: 'House rules', kind: 'announcement', body: 'Be kind.' });
    setClock(MEMBERSHIP_EPOCH + 30 * MINUTE);
    const first = await threadsAs(operator, space.id);
    expect(first.threads).toHaveLength(20);
    expect(first.threads[0]).toMatchObject({ id: pinned.id, pinned: true, kind: 'announcement' });
    expect(first.threads.slice(1).map((s) => s.id)).toEqual(made.slice(-19).reverse());
    expect(first.nextCursor).not.toBeNull();
    const second = await threadsAs(operator, space.id, `?cursor=${first.nextCursor}`);
    expect(second.threads.map((s) => s.id)).toEqual(made.slice(0, 4).reverse());
    expect(second.nextCursor).toBeNull();
    expect((await get(`/api/spaces/${space.id}/threads?cursor=nonsense`, operator)).statusCode).toBe(400);

    const found = await threadsAs(operator, space.id, `?q=${encodeURIComponent('number 1')}`);
    expect(found.threads.map((s) => s.title).sort()).toEqual(
      ['Thread number 1', ...Array.from({ length: 10 }, (_, i) => `Thread number ${10 + i}`)].sort(),
    );
    // Full-text search: words stemmed ("kindness" finds "kind"), any case; quotes and operators only separate words.
    for (const q of ['RULES', 'kindness', '"house"', 'be* (kind'])
      expect(
        (await threadsAs(operator, space.id, `?q=${encodeURIComponent(q)}`)).threads.map((s) => s.id),
        q,
      ).toEqual([pinned.id]);
    expect((await threadsAs(operator, space.id, '?q=%25')).threads).toEqual([]);
    expect((await threadsAs(operator, space.id, '?q=nowhere')).threads).toEqual([]);
    const unanswered = await threadsAs(operator, space.id, '?filter=unanswered');
    expect(unanswered.threads.every((s) => s.kind === 'question' && !s.answered)).toBe(true);
    expect(unanswered.threads).toHaveLength(12);
    expect((await get(`/api/spaces/${space.id}/threads?filter=old`, operator)).statusCode).toBe(400);
  });

  it("the unread count: others' posts since the member last opened the space's list", async () => {
    const reader = await learnerOf(c2);
    const writer = await learnerOf(c2);
    const space = await spaceOf({ courseId: c2 });
    await threadsAs(reader, space.id);
    setClock(Date.now() + MINUTE);
    const thread = await started(writer, space.id);
    await replied(writer, thread.id);
    expect((await spacesOf(reader)).find((s) => s.id === space.id)?.unread).toBe(2);
    await threadsAs(reader, space.id);
    expect((await spacesOf(reader)).find((s) => s.id === space.id)?.unread).toBe(0);
  });
});

/** Markdown's own tags; anything else in a rendered body is a breach. */
const SAFE_TAGS = new Set(
  'p br strong em s code pre blockquote ul ol li a h1 h2 h3 h4 h5 h6 hr table thead tbody tr th td'.split(' '),
);
const SAFE_ATTRIBUTES = new Set(['href', 'rel', 'target', 'class', 'start']);

/** What a browser would run or load from the HTML, as an HTML parser reads it: tags, attributes, link schemes. */
function unsafeParts(html: string): string[] {
  const found: string[] = [];
  const parser = new Parser({
    onopentag(name, attributes) {
      if (!SAFE_TAGS.has(name)) found.push(`<${name}>`);
      for (const [attribute, value] of Object.entries(attributes)) {
        if (!SAFE_ATTRIBUTES.has(attribute)) found.push(`${name}[${attribute}]`);
        if (attribute === 'href' && !/^(https?:\/\/|mailto:)/i.test(value)) found.push(`href=${value}`);
        if (attribute === 'class' && !/^language-[\w-]+$/.test(value)) found.push(`class=${value}`);
      }
      if (name === 'a' && attributes.rel !== 'nofollow ugc noopener') found.push(`a[rel=${attributes.rel}]`);
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

describe('bodies are Markdown rendered safely on the server', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '[click](  javascript:alert(1))',
    '[click](java\tscript:alert(1))',
    '[click](&#106;avascript:alert(1))',
    '[click](vbscript:msgbox(1))',
    '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '![img](https://tracker.example/pixel.png)',
    '![x](javascript:alert(1))',
    '[a](https://ok.example "title\\" onmouseover=\\"alert(1)")',
    '<a href="https://evil.example" onclick="alert(1)">raw</a>',
    '<iframe src="https://evil.example"></iframe>',
    '<svg onload=alert(1)>',
    '[x]: javascript:alert(1)\n\n[ref][x]',
    '<style>body{display:none}</style>',
    '`<script>` in code and ```\n<script>alert(1)</script>\n```',
    '<details open ontoggle=alert(1)>',
    '<<script>script>alert(1)<</script>/script>',
  ];

  it('each hostile body is inert in the thread page (as the thread and as a reply) and in the console queue', async () => {
    const author = await learnerOf(c1);
    const space = await spaceOf({ courseId: c1 });
    const operator = await admin();
    for (const body of hostile) {
      const thread = await started(operator, space.id, { title: 'Hostile', body, kind: 'discussion' });
      const reply = await replied(operator, thread.id, body);
      await post(`/api/posts/${reply.id}/report`, author, { reason: 'looks like an attack' });
      const view = await threadAs(author, thread.id);
      const queue = communityQueueResponse.parse((await get('/api/admin/community/reports', operator)).json());
      const queued = queue.items.find((item) => item.postId === reply.id)?.bodyHtml ?? '';
      for (const html of [view.bodyHtml, view.replies[0]?.bodyHtml ?? '', queued])
        expect(unsafeParts(html), body).toEqual([]);
      // The source is kept as written (shown as text in the edit form).
      expect(view.bodySource).toBe(body.trim());
    }
  });

  it('links get rel="nofollow ugc noopener" and only http, https and mailto addresses', async () => {
    const space = await spaceOf({ courseId: c1 });
    const thread = await started(await admin(), space.id, {
      body: 'Read [the docs](https://example.com/a?b=1) or mail [us](mailto:help@example.com).',
    });
    const view = await threadAs(await admin(), thread.id);
    expect(view.bodyHtml).toBe(
      '<p>Read <a href="https://example.com/a?b=1" rel="nofollow ugc noopener" target="_blank">the docs</a> or mail <a href="mailto:help@example.com" rel="nofollow ugc noopener" target="_blank">us</a>.</p>',
    );
  });
});

describe('edit and delete', () => {
  it('the author edits within 15 minutes (marked edited), not after; no one else may; the author deletes their own', async () => {
    const author = await learnerOf(c1);
    const other = await learnerOf(c1);
    const space = await spaceOf({ courseId: c1 });
    const start = Date.now();
    const thread = await started(author, space.id);
    const reply = await replied(other, thread.id);
    expect((await send('PATCH', `/api/posts/${thread.id}`, other, { body: 'mine now' })).statusCode).toBe(403);
    setClock(start + 15 * MINUTE);
    const edited = await send('PATCH', `/api/posts/${thread.id}`, author, {
      title: 'Sizing a position',
      body: '*new*',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const view = await threadAs(other, thread.id);
    expect(view).toMatchObject({ title: 'Sizing a position', bodyHtml: '<p><em>new</em></p>', bodySource: '*new*' });
    expect(view.editedAt).toBe(new Date(start + 15 * MINUTE).toISOString());
    setClock(start + 15 * MINUTE + 1000);
    const late = await send('PATCH', `/api/posts/${thread.id}`, author, { body: 'later' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(messages.communityEditTooLate);

    expect((await send('DELETE', `/api/posts/${reply.id}`, author)).statusCode).toBe(403);
    expect((await send('DELETE', `/api/posts/${reply.id}`, other)).statusCode).toBe(200);
    const after = await threadAs(author, thread.id);
    expect(after.replies).toEqual([]);
    // Found by its title: the file's other threads in this space may push it off the first page.
    expect((await threadsAs(author, space.id, '?q=sizing')).threads.find((s) => s.id === thread.id)?.replies).toBe(0);
    expect((await send('DELETE', `/api/posts/${thread.id}`, author)).statusCode).toBe(200);
    expect((await get(`/api/threads/${thread.id}`, other)).statusCode).toBe(404);
  });
});

describe('limits and posts held for review', () => {
  it('a member starts 5 threads an hour; the 6th is 429 with when to try again; an hour later they may again', async () => {
    const user = await establishedLearnerOf(c2);
    const space = await spaceOf({ courseId: c2 });
    const start = Date.now();
    for (let i = 0; i < 5; i += 1) {
      setClock(start + i * MINUTE);
      await started(user, space.id, { title: `Thread ${i}` });
    }
    const refused = await post(`/api/spaces/${space.id}/threads`, user, { title: 'One more', body: 'x' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      messages.communityTooMany.replace('{count}', '5 threads').replace('{minutes}', '56 minutes'),
    );
    setClock(start + 60 * MINUTE + 1);
    await started(user, space.id, { title: 'After the hour' });
  });

  it('30 replies an hour for a member, 10 for an account less than a day old, 2 threads for it', async () => {
    const space = await spaceOf({ courseId: c2 });
    const operator = await admin();
    const thread = await started(operator, space.id, { kind: 'discussion', title: 'Daily chat' });
    const newcomer = await learnerOf(c2);
    for (let i = 0; i < 10; i += 1) await replied(newcomer, thread.id, `reply ${i}`);
    expect((await post(`/api/threads/${thread.id}/replies`, newcomer, { body: 'eleven' })).statusCode).toBe(429);
    for (let i = 0; i < 2; i += 1) await started(newcomer, space.id, { title: `New ${i}` });
    expect((await post(`/api/spaces/${space.id}/threads`, newcomer, { title: 'Third', body: 'x' })).statusCode).toBe(
      429,
    );
    const regular = await establishedLearnerOf(c2);
    for (let i = 0; i < 30; i += 1) await replied(regular, thread.id, `reply ${i}`);
    const refused = await post(`/api/threads/${thread.id}/replies`, regular, { body: 'thirty-one' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('30 replies');
  });

  it("a link in a member's first day is held for review: seen by its author and the console only, shown once restored", async () => {
    const space = await spaceOf({ courseId: c1 });
    const operator = await admin();
    const thread = await started(operator, space.id, { kind: 'discussion', title: 'Links welcome' });
    const newcomer = await learnerOf(c1);
    const reader = await learnerOf(c1);
    const held = await replied(newcomer, thread.id, 'Join my channel https://t.me/tips');
    expect(held.status).toBe('held');
    expect((await threadAs(newcomer, thread.id)).replies.map((r) => [r.id, r.status])).toEqual([[held.id, 'held']]);
    expect((await threadAs(reader, thread.id)).replies).toEqual([]);
    const queue = communityQueueResponse.parse((await get('/api/admin/community/reports', operator)).json());
    expect(queue.items.find((item) => item.postId === held.id)).toMatchObject({
      status: 'held',
      statusReason: messages.communityHeldLinks,
    });
    const restored = await post(`/api/admin/community/posts/${held.id}/restore`, operator, { reason: 'a course link' });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await threadAs(reader, thread.id)).replies.map((r) => r.id)).toEqual([held.id]);
    // A day later the same member's links show at once.
    setClock(Date.now() + DAY + MINUTE);
    const later = await replied(await signedInAgain(newcomer), thread.id, 'See https://example.com');
    expect(later.status).toBe('visible');
  });
});

describe('moderation', () => {
  it('a report joins the queue (once per member); the operator hides the post with a reason: gone for members, kept, audit-logged', async () => {
    const author = await learnerOf(c1);
    const reporter = await learnerOf(c1);
    const space = await spaceOf({ courseId: c1 });
    const thread = await started(author, space.id, { title: 'Buy XYZ now', body: 'Target 500, stop-loss 450.' });
    const reported = await post(`/api/posts/${thread.id}/report`, reporter, { reason: 'a stock tip' });
    expect(reported.statusCode, reported.body).toBe(201);
    const again = await post(`/api/posts/${thread.id}/report`, reporter, { reason: 'a stock tip' });
    expect(again.statusCode).toBe(409);
    expect((await post(`/api/posts/${thread.id}/report`, reporter, { reason: '' })).statusCode).toBe(400);
    const operator = await admin();
    const queue = communityQueueResponse.parse((await get('/api/admin/community/reports', operator)).json());
    expect(queue.items.find((item) => item.postId === thread.id)?.reports).toEqual([
      { reason: 'a stock tip', createdAt: new Date(Date.now()).toISOString() },
    ]);
    expect((await get('/api/admin/community/reports', reporter)).statusCode).toBe(403);
    expect((await post(`/api/admin/community/posts/${thread.id}/hide`, reporter, { reason: 'x y z' })).statusCode).toBe(
      403,
    );

    const hidden = await post(`/api/admin/community/posts/${thread.id}/hide`, operator, { reason: 'SEBI: a tip' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await get(`/api/threads/${thread.id}`, reporter)).statusCode).toBe(404);
    expect((await get(`/api/threads/${thread.id}`, author)).statusCode).toBe(404);
    expect((await threadsAs(reporter, space.id)).threads.map((s) => s.id)).not.toContain(thread.id);
    expect((await threadAs(operator, thread.id)).status).toBe('hidden');
    const row = await t.database.db
      .selectFrom('community_posts')
      .select(['status', 'body_source'])
      .where('id', '=', thread.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'hidden', body_source: 'Target 500, stop-loss 450.' });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', thread.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ action: 'community.post.hide', actor_id: operator.id });
    expect(JSON.parse(audit.after_json ?? '{}')).toEqual({ status: 'hidden', reason: 'SEBI: a tip' });
    const settled = communityQueueResponse.parse((await get('/api/admin/community/reports', operator)).json());
    expect(settled.items.map((item) => item.postId)).not.toContain(thread.id);
  });

  it('a ban closes the space to the member; a mute lets them read but not post, until it ends; both audit-logged', async () => {
    const banned = await learnerOf(c1);
    const muted = await learnerOf(c1);
    const space = await spaceOf({ courseId: c1 });
    const operator = await admin();
    const thread = await started(operator, space.id, { kind: 'discussion', title: 'Open chat' });
    const ban = await post(`/api/admin/community/spaces/${space.id}/bans`, operator, {
      userId: banned.id,
      kind: 'ban',
      reason: 'selling tips',
    });
    expect(ban.statusCode, ban.body).toBe(201);
    const refused = await get(`/api/threads/${thread.id}`, banned);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.communityBanned);
    expect((await spacesOf(banned)).map((s) => s.id)).not.toContain(space.id);

    const noMinutes = await post(`/api/admin/community/spaces/${space.id}/bans`, operator, {
      userId: muted.id,
      kind: 'mute',
      reason: 'cool off',
    });
    expect(noMinutes.statusCode).toBe(400);
    const mute = await post(`/api/admin/community/spaces/${space.id}/bans`, operator, {
      userId: muted.id,
      kind: 'mute',
      minutes: 60,
      reason: 'cool off',
    });
    expect(mute.statusCode, mute.body).toBe(201);
    expect((await get(`/api/threads/${thread.id}`, muted)).statusCode).toBe(200);
    const silenced = await post(`/api/threads/${thread.id}/replies`, muted, { body: 'hello?' });
    expect(silenced.statusCode).toBe(403);
    expect(silenced.json().message).toContain('muted you in this space until');
    setClock(Date.now() + 60 * MINUTE);
    await replied(await signedInAgain(muted), thread.id, 'back');
    const actions = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'after_json'])
      .where('entity_id', '=', space.id)
      .where('action', 'like', 'community.member.%')
      .execute();
    expect(actions.map((a) => [a.action, JSON.parse(a.after_json ?? '{}').reason])).toEqual(
      expect.arrayContaining([
        ['community.member.ban', 'selling tips'],
        ['community.member.mute', 'cool off'],
      ]),
    );
    const operatorBan = await post(`/api/admin/community/spaces/${space.id}/bans`, operator, {
      userId: operator.id,
      kind: 'ban',
      reason: 'oops',
    });
    expect(operatorBan.statusCode).toBe(400);
  });
});

describe('the privacy centre', () => {
  it("the export lists the member's posts; deleting the account keeps them, signed former member", async () => {
    const author = await learnerOf(c1);
    const reader = await learnerOf(c1);
    const space = await spaceOf({ courseId: c1 });
    const thread = await started(author, space.id, { title: 'My question', body: 'What is a stop?' });
    const reply = await replied(author, thread.id, 'Answering myself.');
    const exported = await get('/api/me/export', author);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().communityPosts.map((p: { id: string; body: string }) => [p.id, p.body])).toEqual(
      expect.arrayContaining([
        [thread.id, 'What is a stop?'],
        [reply.id, 'Answering myself.'],
      ]),
    );
    const password = 'a long enough passphrase';
    await t.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', author.id)
      .execute();
    expect((await post('/api/me/delete', author, { password })).statusCode).toBe(200);
    const view = await threadAs(reader, thread.id);
    expect(view.author).toEqual({ id: null, name: messages.communityFormerMember, role: 'former' });
    expect(view.replies[0]?.author.role).toBe('former');
    expect(JSON.stringify(view)).not.toContain(author.username);
  });
});
