import {
  adminCohortResponse,
  adminCohortsResponse,
  getCartResponse,
  getCourseResponse,
  liveSessionsResponse,
  messages,
} from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { courseForm } from '../../../test/admin-test-client.js';
import { outboxMails } from '../../../test/dev-outbox.js';
import type { TestUser } from '../../../test/helpers.js';
import { useMembershipShop } from '../../../test/membership-kit.js';
import { mailsQueued } from '../../../test/order-records.js';
import { pdfText } from '../../../test/pdf.js';
import { hashPassword } from '../../auth/passwords.js';
import { findLearnerCohort } from './index.js';

// Cohorts (issue 35) as the console, a buyer's browser and Razorpay meet them: the console's cohorts of a
// course, the course page's open cohorts and seats left, the cart and checkout's rules, the last seats
// going exactly (20 buyers racing for 5), the cohort named on the order, invoice and mail, a moved start,
// a cohort's live sessions, and the learner's seats in the data export and account deletion. The clock
// starts on Saturday 10 January 2026 (11:30 India time).

const { t, fake, post, get, learner, admin, setClock } = useMembershipShop({ title: 'Cohort Club' });

const PRICE = 1499.5;

function send(method: 'PATCH' | 'DELETE', url: string, user: TestUser, payload: object) {
  const origin = new URL(t.config.publicUrl).origin;
  return t.app.inject({ method, url, headers: { origin, cookie: user.cookie }, payload });
}

/** A new published course of the console's, at ₹1,499.50. */
async function newCourse(): Promise<string> {
  const res = await post('/api/admin/courses', await admin(), courseForm({ price: PRICE }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().course.id as string;
}

function cohortForm(fields: object = {}) {
  return { title: 'February batch', startsOn: '2026-02-02', seats: 30, enrolUntil: '2026-01-31', ...fields };
}

async function newCohort(courseId: string, fields: object = {}, by?: TestUser) {
  const res = await post(`/api/admin/courses/${courseId}/cohorts`, by ?? (await admin()), cohortForm(fields));
  expect(res.statusCode, res.body).toBe(201);
  return adminCohortResponse.parse(res.json()).cohort;
}

async function coursePage(courseId: string) {
  const res = await t.app.inject({ url: `/api/courses/${courseId}` });
  expect(res.statusCode, res.body).toBe(200);
  return getCourseResponse.parse(res.json()).course;
}

const addToCart = (user: TestUser, courseId: string, cohortId?: string) =>
  post('/api/cart/add', user, { courseId, ...(cohortId ? { cohortId } : {}) });

const checkout = (user: TestUser) =>
  post('/api/create-order', user, { amount: PRICE, name: 'Asha Patel', email: user.email });

/** Puts the course in a new learner's cart for the cohort and checks out (200); the order is returned unpaid. */
async function checkedOut(courseId: string, cohortId: string) {
  const user = await learner();
  const added = await addToCart(user, courseId, cohortId);
  expect(added.statusCode, added.body).toBe(200);
  const order = await checkout(user);
  expect(order.statusCode, order.body).toBe(200);
  return { user, order: order.json() as { orderId: string; order_id: string } };
}

const verify = (user: TestUser, gatewayOrderId: string) => post('/api/verify-payment', user, fake.pay(gatewayOrderId));

/** Checkout, pay and verify: the learner holds a seat. */
async function bought(courseId: string, cohortId: string) {
  const { user, order } = await checkedOut(courseId, cohortId);
  const verified = await verify(user, order.order_id);
  expect(verified.json().message).toBe(messages.paymentSuccess);
  return { user, order };
}

/**
 * The bodies of the mails to this address: a mail still queued keeps its body in the queue (mails with a PDF
 * go a few a second), and a sent one is read from the outbox it was written to (its body leaves the queue).
 */
async function mailsTo(email: string): Promise<string[]> {
  const queued = await mailsQueued(t.database.db, email, ['subject', 'text_body', 'sent_at']);
  const sent = (await outboxMails(t)).filter((mail) => mail.includes(`To: ${email}`));
  return [...queued.filter((row) => !row.sent_at).map((row) => `Subject: ${row.subject}\n${row.text_body}`), ...sent];
}

const members = (cohortId: string) =>
  t.database.db.selectFrom('cohort_members').selectAll().where('cohort_id', '=', cohortId).execute();
const ordersOf = (userId: string) =>
  t.database.db.selectFrom('orders').select(['id', 'status']).where('user_id', '=', userId).execute();

describe('the console keeps a course’s cohorts', () => {
  it('adds one (201, audit-logged) and lists it with its seats taken and left; a learner may not', async () => {
    const courseId = await newCourse();
    const operator = await admin();
    const cohort = await newCohort(courseId, {}, operator);
    expect(cohort).toMatchObject({
      courseId,
      title: 'February batch',
      startsOn: '2026-02-02',
      seats: 30,
      enrolUntil: '2026-01-31',
      seatsTaken: 0,
      seatsLeft: 30,
      open: true,
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('entity_id', '=', cohort.id)
      .execute();
    expect(audit).toEqual([{ action: 'cohort.create', actor_id: operator.id }]);
    const unlimited = await newCohort(courseId, {
      title: 'Open batch',
      startsOn: '2026-03-02',
      seats: null,
      enrolUntil: null,
    });
    const listed = await get(`/api/admin/courses/${courseId}/cohorts`, operator);
    expect(adminCohortsResponse.parse(listed.json()).cohorts.map((c) => [c.title, c.seatsLeft])).toEqual([
      ['February batch', 30],
      ['Open batch', null],
    ]);
    expect(unlimited.enrolUntil).toBeNull();
    const everyCourse = adminCohortsResponse.parse((await get('/api/admin/cohorts', operator)).json()).cohorts;
    expect(everyCourse.filter((c) => c.courseId === courseId).map((c) => c.id)).toEqual([cohort.id, unlimited.id]);
    const plain = await learner();
    expect((await post(`/api/admin/courses/${courseId}/cohorts`, plain, cohortForm())).statusCode).toBe(403);
  });

  it('refuses bad input with a field message and saves nothing; an unknown course is 404', async () => {
    const courseId = await newCourse();
    const operator = await admin();
    const cases: [object, number, string, string][] = [
      [{ title: '  ' }, 400, 'title', 'a title is required'],
      [{ startsOn: '2026-02-30' }, 400, 'startsOn', 'the start must be a real date'],
      [{ startsOn: 'next week' }, 400, 'startsOn', 'the start must be a date'],
      [{ seats: 0 }, 400, 'seats', 'at least 1 seat'],
      [{ seats: 2.5 }, 400, 'seats', 'whole number'],
      [{ startsOn: '2026-01-09' }, 400, 'startsOn', messages.cohortStartInPast],
      [{ enrolUntil: '2026-01-09' }, 400, 'enrolUntil', messages.cohortEnrolUntilInPast],
    ];
    for (const [fields, status, field, message] of cases) {
      const res = await post(`/api/admin/courses/${courseId}/cohorts`, operator, cohortForm(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json().fields?.[field], JSON.stringify(fields)).toContain(message);
    }
    // Enrolment may run past the start: late joiners in the first weeks.
    await newCohort(courseId, { enrolUntil: '2026-02-15' });
    expect((await get(`/api/admin/courses/${courseId}/cohorts`, operator)).json().cohorts).toHaveLength(1);
    const unknown = await post('/api/admin/courses/ffffffffffffffffffffffff/cohorts', operator, cohortForm());
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the course page lists the open cohorts', () => {
  it('soonest first with seats left (null without a limit); closed ones leave; a self-paced course has none', async () => {
    const courseId = await newCourse();
    const selfPaced = await newCourse();
    const early = await newCohort(courseId, { title: 'Early', startsOn: '2026-01-20', enrolUntil: '2026-01-15' });
    const later = await newCohort(courseId, { title: 'Later', startsOn: '2026-03-02', seats: null, enrolUntil: null });
    expect(await coursePage(courseId)).toMatchObject({
      runsInCohorts: true,
      cohorts: [
        { id: early.id, title: 'Early', startsOn: '2026-01-20', seatsLeft: 30 },
        { id: later.id, title: 'Later', startsOn: '2026-03-02', seatsLeft: null },
      ],
    });
    expect(await coursePage(selfPaced)).toMatchObject({ runsInCohorts: false, cohorts: [] });
    // 15 January is Early's last day of enrolment (India time); on the 16th it is closed.
    setClock(Date.UTC(2026, 0, 15, 18, 0));
    expect((await coursePage(courseId)).cohorts.map((c) => c.title)).toEqual(['Early', 'Later']);
    setClock(Date.UTC(2026, 0, 15, 18, 31));
    expect((await coursePage(courseId)).cohorts.map((c) => c.title)).toEqual(['Later']);
  });

  it('seats left drop as soon as a seat is bought, though the answer is cached; a full cohort shows 0', async () => {
    const courseId = await newCourse();
    const cohort = await newCohort(courseId, { seats: 2 });
    const first = await t.app.inject({ url: `/api/courses/${courseId}` });
    expect(first.json().course.cohorts[0].seatsLeft).toBe(2);
    await bought(courseId, cohort.id);
    const second = await t.app.inject({ url: `/api/courses/${courseId}` });
    expect(second.json().course.cohorts[0].seatsLeft).toBe(1);
    expect(second.headers.etag).not.toBe(first.headers.etag);
    await bought(courseId, cohort.id);
    expect((await coursePage(courseId)).cohorts).toEqual([
      { id: cohort.id, title: 'February batch', startsOn: '2026-02-02', seatsLeft: 0 },
    ]);
  });
});

describe('the cart takes a cohort course only with an open cohort of its own', () => {
  it('refuses a missing, closed, full or foreign cohort with a clear 400, and a cohort for a self-paced course', async () => {
    const courseId = await newCourse();
    const other = await newCourse();
    const selfPaced = await newCourse();
    const closing = await newCohort(courseId, { title: 'Closing', enrolUntil: '2026-01-10' });
    const single = await newCohort(courseId, { title: 'Single', seats: 1 });
    const foreign = await newCohort(other, { title: 'Foreign' });
    await bought(courseId, single.id);
    setClock(Date.UTC(2026, 0, 10, 19, 0)); // 11 January in India: Closing has closed
    const user = await learner();
    const cases: [string | undefined, string, string][] = [
      [undefined, courseId, messages.cohortRequired],
      [closing.id, courseId, messages.cohortClosed],
      [single.id, courseId, messages.cohortFull],
      [foreign.id, courseId, messages.cohortNotOfCourse],
      [foreign.id, selfPaced, messages.cohortNotForSelfPaced],
    ];
    for (const [cohortId, course, message] of cases) {
      const res = await addToCart(user, course, cohortId);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const cart = getCartResponse.parse((await get('/api/cart', user)).json()).cart;
    expect(cart.courses).toEqual([]);
  });

  it('names the cohort in the cart; adding again with another cohort switches it', async () => {
    const courseId = await newCourse();
    const feb = await newCohort(courseId);
    const mar = await newCohort(courseId, { title: 'March batch', startsOn: '2026-03-02' });
    const user = await learner();
    expect((await addToCart(user, courseId, feb.id)).statusCode).toBe(200);
    const switched = await addToCart(user, courseId, mar.id);
    expect(switched.statusCode).toBe(200);
    const { cart } = getCartResponse.parse(switched.json());
    expect(cart.courses).toHaveLength(1);
    expect(cart.courses[0]?.cohort).toEqual({ _id: mar.id, title: 'March batch', startsOn: '2026-03-02' });
  });

  it("a visitor's cart brings its cohort at sign-in; a course whose cohort is missing or full stays out", async () => {
    const courseId = await newCourse();
    const full = await newCourse();
    const cohort = await newCohort(courseId);
    const fullCohort = await newCohort(full, { seats: 1 });
    await bought(full, fullCohort.id);
    const noCohort = await newCourse();
    await newCohort(noCohort);
    const user = await learner();
    const merged = await post('/api/cart/merge', user, {
      courseIds: [courseId, full, noCohort],
      cohorts: { [courseId]: cohort.id, [full]: fullCohort.id },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().added).toBe(1);
    expect(merged.json().cart.courses.map((c: { cohort?: { _id: string } }) => c.cohort?._id)).toEqual([cohort.id]);
  });
});

describe('checkout and the last seats', () => {
  it('a cohort filled since the cart was filled is told before paying: 409, and no order is made', async () => {
    const courseId = await newCourse();
    const cohort = await newCohort(courseId, { seats: 1 });
    const late = await learner();
    expect((await addToCart(late, courseId, cohort.id)).statusCode).toBe(200);
    await bought(courseId, cohort.id);
    const refused = await checkout(late);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.cohortFull);
    expect(await ordersOf(late.id)).toEqual([]);
  });

  it('a cohort whose enrolment closed since is told before paying too', async () => {
    const courseId = await newCourse();
    const cohort = await newCohort(courseId, { enrolUntil: '2026-01-12' });
    const user = await learner();
    expect((await addToCart(user, courseId, cohort.id)).statusCode).toBe(200);
    setClock(Date.UTC(2026, 0, 12, 19, 0));
    const refused = await checkout(user);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.cohortClosed);
    expect(await ordersOf(user.id)).toEqual([]);
  });

  it('20 buyers racing for 5 seats: 5 seats and 5 enrolments, 15 refunded once each, the 21st refused before paying', async () => {
    const courseId = await newCourse();
    const cohort = await newCohort(courseId, { seats: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => checkedOut(courseId, cohort.id)));
    // Everyone pays at once, and Razorpay's webhook arrives for each besides the browser's verify.
    const answers = await Promise.all(
      buyers.flatMap(({ user, order }) => {
        const paid = fake.pay(order.order_id);
        return [post('/api/verify-payment', user, paid), post('/api/verify-payment', user, paid)];
      }),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    expect(await members(cohort.id)).toHaveLength(5);
    const enrolments = await t.database.db
      .selectFrom('enrolments')
      .select('user_id')
      .where('course_id', '=', courseId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(enrolments).toHaveLength(5);
    const seated = new Set((await members(cohort.id)).map((row) => row.user_id));
    expect(new Set(enrolments.map((row) => row.user_id))).toEqual(seated);
    const statuses = await Promise.all(buyers.map(async ({ user }) => (await ordersOf(user.id))[0]?.status));
    expect(statuses.filter((s) => s === 'paid')).toHaveLength(5);
    expect(statuses.filter((s) => s === 'refunded')).toHaveLength(15);
    // Each refunded buyer got their money back exactly once, and was told why.
    const refundedOrders = buyers.filter(({ user }) => !seated.has(user.id)).map(({ order }) => order.order_id);
    for (const gatewayOrderId of refundedOrders) {
      const payments = [...fake.payments.values()].filter((p) => p.order_id === gatewayOrderId);
      expect(payments).toHaveLength(1);
      expect(fake.refunds.filter((r) => r.payment_id === payments[0]?.id)).toHaveLength(1);
    }
    const loser = buyers.find(({ user }) => !seated.has(user.id));
    const told = (await mailsTo(loser?.user.email ?? '')).filter((mail) => /Subject: .*has been refunded/.test(mail));
    expect(told.some((mail) => mail.includes('The last seats of the cohort February batch were taken'))).toBe(true);
    // A 21st buyer now hears it before paying.
    const late = await learner();
    expect((await addToCart(late, courseId, cohort.id)).json().message).toBe(messages.cohortFull);
  });
});

describe('the order names the cohort', () => {
  it('in the order line, the confirmation mail, the tax invoice and the learner’s orders', async () => {
    const courseId = await newCourse();
    const cohort = await newCohort(courseId, { title: 'Evening batch', startsOn: '2027-01-05', enrolUntil: null });
    const { user, order } = await bought(courseId, cohort.id);
    const course = await coursePage(courseId);
    const named = `${course.title} — Evening batch, starts 5 January 2027`;
    const [line] = await t.database.db
      .selectFrom('order_lines')
      .select(['title', 'cohort_id'])
      .where('order_id', '=', order.orderId)
      .execute();
    expect(line).toEqual({ title: named, cohort_id: cohort.id });
    expect((await mailsTo(user.email)).some((mail) => mail.includes(named))).toBe(true);
    const mine = await get('/api/orders', user);
    expect(mine.body).toContain(named);
    const invoice = await get(`/api/orders/${order.orderId}/invoice`, user);
    expect(invoice.statusCode).toBe(200);
    expect((await pdfText(invoice.rawPayload)).replace(/\s+/g, ' ')).toContain('Evening batch, starts 5 January 2027');
    expect(await findLearnerCohort(t.database.db, user.id, courseId)).toEqual({
      id: cohort.id,
      title: 'Evening batch',
      startsOn: '2027-01-05',
    });
  });

  it('a refund gives the seat back', async () => {
    const courseId = await newCourse();
    const cohort = await newCohort(courseId, { seats: 1 });
    const { order } = await bought(courseId, cohort.id);
    const refunded = await post(`/api/admin/orders/${order.orderId}/refund`, await admin(), {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await members(cohort.id)).toEqual([]);
    expect((await coursePage(courseId)).cohorts[0]?.seatsLeft).toBe(1);
  });
});

describe('the console changes a cohort', () => {
  it('renames it, changes its seats (never below those taken) and its last day of enrolment', async () => {
    const courseId = await newCourse();
    const cohort = await newCohort(courseId, { seats: 3 });
    await bought(courseId, cohort.id);
    await bought(courseId, cohort.id);
    const operator = await admin();
    const below = await send('PATCH', `/api/admin/cohorts/${cohort.id}`, operator, { seats: 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe(messages.cohortSeatsBelowTaken.replace('{taken}', '2'));
    expect((await coursePage(courseId)).cohorts[0]?.seatsLeft).toBe(1);
    const changed = await send('PATCH', `/api/admin/cohorts/${cohort.id}`, operator, {
      title: 'Feb batch (weekends)',
      seats: 2,
      enrolUntil: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(adminCohortResponse.parse(changed.json()).cohort).toMatchObject({
      title: 'Feb batch (weekends)',
      seats: 2,
      seatsTaken: 2,
      seatsLeft: 0,
      enrolUntil: null,
      open: false,
    });
    expect((await coursePage(courseId)).cohorts[0]).toMatchObject({ title: 'Feb batch (weekends)', seatsLeft: 0 });
    const unknown = await send('PATCH', '/api/admin/cohorts/ffffffffffffffffffffffff', operator, { seats: 3 });
    expect(unknown.statusCode).toBe(404);
  });

  it('moves the start: the cohort’s start follows for the release rules, and each member is mailed once', async () => {
    const courseId = await newCourse();
    const cohort = await newCohort(courseId);
    const { user } = await bought(courseId, cohort.id);
    const operator = await admin();
    const past = await send('PATCH', `/api/admin/cohorts/${cohort.id}`, operator, { startsOn: '2026-01-01' });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.startsOn).toBe(messages.cohortStartInPast);
    const moved = await send('PATCH', `/api/admin/cohorts/${cohort.id}`, operator, { startsOn: '2026-02-09' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await findLearnerCohort(t.database.db, user.id, courseId))?.startsOn).toBe('2026-02-09');
    expect(await mailsQueued(t.database.db, user.email, ['subject'], 'New start date:%')).toHaveLength(1);
    const told = (await mailsTo(user.email)).filter((mail) => mail.includes('Subject: New start date:'));
    expect(told.some((mail) => mail.includes('now starts 9 February 2026 (it was to start 2 February 2026)'))).toBe(
      true,
    );
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', cohort.id)
      .orderBy('created_at')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['cohort.create', 'cohort.update']);
  });
});

describe('a cohort’s live sessions', () => {
  it('go to the cohort’s members only; an unknown cohort is 404', async () => {
    const courseId = await newCourse();
    const feb = await newCohort(courseId);
    const mar = await newCohort(courseId, { title: 'March batch', startsOn: '2026-03-02' });
    const { user: member } = await bought(courseId, feb.id);
    const { user: otherCohort } = await bought(courseId, mar.id);
    const operator = await admin();
    const res = await post('/api/admin/live-sessions', operator, {
      title: 'Week 1 live review',
      startsAt: '2026-02-03T19:00',
      durationMinutes: 60,
      audience: { cohortId: feb.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sessionId = res.json().session.id as string;
    const seen = liveSessionsResponse.parse((await get('/api/live-sessions', member)).json()).sessions;
    expect(seen.map((s) => [s.id, s.cohortId, s.courseId])).toEqual([[sessionId, feb.id, courseId]]);
    expect(seen[0]?.audienceTitle).toContain('— February batch');
    expect(liveSessionsResponse.parse((await get('/api/live-sessions', otherCohort)).json()).sessions).toEqual([]);
    // A moved session is mailed to the cohort's members only.
    const moved = await send('PATCH', `/api/admin/live-sessions/${sessionId}`, operator, {
      startsAt: '2026-02-03T19:30',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await mailsQueued(t.database.db, member.email, ['subject'], 'New time:%')).toHaveLength(1);
    expect(await mailsQueued(t.database.db, otherCohort.email, ['subject'], 'New time:%')).toEqual([]);
    setClock(Date.UTC(2026, 1, 3, 13, 55));
    expect((await post(`/api/live-sessions/${sessionId}/join`, member, {})).statusCode).toBe(200);
    expect((await post(`/api/live-sessions/${sessionId}/join`, otherCohort, {})).statusCode).toBe(403);
    const unknown = await post('/api/admin/live-sessions', operator, {
      title: 'Nobody',
      startsAt: '2026-02-10T19:00',
      durationMinutes: 60,
      audience: { cohortId: 'ffffffffffffffffffffffff' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.liveAudienceNotFound);
  });
});

describe('the learner’s seats are personal data', () => {
  it('the data export lists them; deleting the account gives them up', async () => {
    const courseId = await newCourse();
    const cohort = await newCohort(courseId);
    const { user } = await bought(courseId, cohort.id);
    const exported = await get('/api/me/export', user);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().cohorts).toEqual([
      { cohortId: cohort.id, courseId, title: 'February batch', startsOn: '2026-02-02', joinedAt: expect.any(String) },
    ]);
    const password = 'a long enough password 42';
    await t.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(password) })
      .where('id', '=', user.id)
      .execute();
    const deleted = await post('/api/me/delete', user, { password });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await members(cohort.id)).toEqual([]);
  });
});
