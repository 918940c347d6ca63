import { cartChangeResponse, computeTotals, getCartResponse, mergeCartResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createDemoShopApp, createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/use-test-app.js';
import type { Db } from '../../db/database.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { activeEnrolments, grantEnrolment, revokeEnrolments } from '../learning/grant-enrolment.js';
import { priceCart } from './price-cart.js';

const t = useTestApp(createDemoShopApp);

const [first, second, third] = demoCourses.map((course) => ({ id: course._id as string, ...course }));
const origin = () => new URL(t.config.publicUrl).origin;
const UNKNOWN_ID = 'ffffffffffffffffffffffff';

function post(user: TestUser | null, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: user ? { cookie: user.cookie, origin: origin() } : {},
  });
}
const add = (user: TestUser | null, courseId: string) => post(user, '/api/cart/add', { courseId });
const remove = (user: TestUser | null, courseId: string) => post(user, '/api/cart/remove', { courseId });

async function cartOf(user: TestUser) {
  const res = await t.app.inject({ url: '/api/cart', headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return getCartResponse.parse(res.json()).cart;
}
const idsIn = async (user: TestUser) => (await cartOf(user)).courses.map((entry) => entry.courseId._id);

async function storedItems(db: Db, userId: string): Promise<number> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('carts', 'carts.id', 'cart_items.cart_id')
    .select('cart_items.course_id')
    .where('carts.user_id', '=', userId)
    .execute();
  return rows.length;
}

/** The console's grant of the course, revoked again when `revoked`. */
async function grant(userId: string, courseId: string, revoked = false) {
  const now = new Date();
  await grantEnrolment(t.database.db, userId, courseId, now);
  if (!revoked) return;
  const granted = await activeEnrolments(t.database.db, userId, courseId);
  await revokeEnrolments(
    t.database.db,
    granted.map((enrolment) => enrolment.id),
    now,
  );
}

/** POST /api/cart/add with exactly these headers. */
const addWith = (payload: object | string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/cart/add', payload, headers });

describe('cart: signed-in only', () => {
  it.each([
    ['GET', '/api/cart', undefined],
    ['POST', '/api/cart/add', { courseId: first?.id }],
    ['POST', '/api/cart/remove', { courseId: first?.id }],
    ['POST', '/api/cart/merge', { courseIds: [first?.id] }],
  ])('%s %s without a session answers 401 Please log in.', async (method, url, payload) => {
    const res = await t.app.inject({ method: method as 'GET' | 'POST', url, payload });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, message: 'Please log in.' });
  });

  it('a cookie-carrying add from a foreign page is refused and writes nothing', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await addWith({ courseId: first?.id }, { cookie: user.cookie, origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await storedItems(t.database.db, user.id)).toBe(0);
  });

  it('a Bearer token works without an Origin header', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await addWith({ courseId: first?.id }, { authorization: `Bearer ${user.token}` });
    expect(res.statusCode).toBe(200);
    expect(await idsIn(user)).toEqual([first?.id]);
  });
});

describe('GET /api/cart', () => {
  it('a new learner has an empty cart in the spec shape', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await t.app.inject({ url: '/api/cart', headers: { cookie: user.cookie } });
    expect(res.json()).toEqual({ ok: true, cart: { userId: user.id, courses: [] } });
  });
});

describe('POST /api/cart/add', () => {
  it('adds a course, populated with title, rupee price and thumbnail', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await add(user, first!.id);
    expect(res.statusCode).toBe(200);
    const body = cartChangeResponse.parse(res.json());
    expect(body.message).toBe('added to cart');
    expect(body.cart.courses).toEqual([
      { courseId: { _id: first?.id, title: first?.title, price: 4999, thumb: first?.thumb }, quantity: 1 },
    ]);
    expect(await cartOf(user)).toEqual(body.cart);
  });

  it('adding the same course twice is not an error and keeps one entry with quantity 1', async () => {
    const user = await createSignedInUser(t.database.db);
    expect((await add(user, second!.id)).statusCode).toBe(200);
    const again = await add(user, second!.id);
    expect(again.statusCode).toBe(200);
    const cart = await cartOf(user);
    expect(cart.courses).toHaveLength(1);
    expect(cart.courses[0]?.quantity).toBe(1);
    expect(await storedItems(t.database.db, user.id)).toBe(1);
  });

  it('keeps courses in the order they were added', async () => {
    const user = await createSignedInUser(t.database.db);
    await add(user, third!.id);
    // Items are ordered by their `added_at`, which counts milliseconds: two adds in the same one are a tie
    // (this failed once when both landed in one millisecond). A person's two clicks never do.
    await new Promise((resolve) => setTimeout(resolve, 3));
    await add(user, first!.id);
    expect(await idsIn(user)).toEqual([third?.id, first?.id]);
  });

  it('refuses a course the learner owns, says so, and writes nothing', async () => {
    const user = await createSignedInUser(t.database.db);
    await grant(user.id, first!.id);
    const res = await add(user, first!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ ok: false, message: 'You already own this course. Find it in Enrolled Courses.' });
    expect(await storedItems(t.database.db, user.id)).toBe(0);
  });

  it('a revoked enrolment (refunded) does not count as owning the course', async () => {
    const user = await createSignedInUser(t.database.db);
    await grant(user.id, first!.id, true);
    expect((await add(user, first!.id)).statusCode).toBe(200);
  });

  it('an unknown course id is a 404 with a message, nothing written', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await add(user, UNKNOWN_ID);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ok: false, message: 'Course not found' });
    expect(await storedItems(t.database.db, user.id)).toBe(0);
  });

  it('an unpublished course cannot be added', async () => {
    const user = await createSignedInUser(t.database.db);
    const hidden = demoCourses[10]!._id as string;
    await t.database.db.updateTable('courses').set({ published: 0 }).where('id', '=', hidden).execute();
    try {
      expect((await add(user, hidden)).statusCode).toBe(404);
    } finally {
      await t.database.db.updateTable('courses').set({ published: 1 }).where('id', '=', hidden).execute();
    }
  });

  it.each([
    ['a malformed id', { courseId: 'not-an-id' }, /courseId/],
    ['an upper-case id', { courseId: UNKNOWN_ID.toUpperCase() }, /courseId/],
    ['a number', { courseId: 42 }, /courseId/],
    ['no course id', {}, /courseId/],
  ])('%s is a 400 naming the field, nothing written', async (_name, payload, message) => {
    const user = await createSignedInUser(t.database.db);
    const res = await post(user, '/api/cart/add', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().ok).toBe(false);
    expect(res.json().message).toMatch(message);
    expect(await storedItems(t.database.db, user.id)).toBe(0);
  });

  it('a body that is not JSON is a 400', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await addWith('{"courseId":', {
      cookie: user.cookie,
      origin: origin(),
      'content-type': 'application/json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().ok).toBe(false);
  });
});

describe('POST /api/cart/remove', () => {
  it('removes a course and answers with the spec message and the cart left', async () => {
    const user = await createSignedInUser(t.database.db);
    await add(user, first!.id);
    await add(user, second!.id);
    const res = await remove(user, first!.id);
    expect(res.statusCode).toBe(200);
    const body = cartChangeResponse.parse(res.json());
    expect(body.message).toBe('Course removed from cart successfully!');
    expect(body.cart.courses.map((entry) => entry.courseId._id)).toEqual([second?.id]);
    expect(await idsIn(user)).toEqual([second?.id]);
  });

  it('a course that is not in the cart is a 404 and the cart is unchanged', async () => {
    const user = await createSignedInUser(t.database.db);
    await add(user, first!.id);
    const res = await remove(user, third!.id);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ok: false, message: 'This course is not in your cart.' });
    expect(await idsIn(user)).toEqual([first?.id]);
  });

  it('removing from a cart that was never created is the same 404', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await remove(user, first!.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This course is not in your cart.');
  });

  it('a malformed id is a 400', async () => {
    const user = await createSignedInUser(t.database.db);
    await add(user, first!.id);
    const res = await post(user, '/api/cart/remove', { courseId: "x' or 1=1 --" });
    expect(res.statusCode).toBe(400);
    expect(await idsIn(user)).toEqual([first?.id]);
  });
});

describe("another learner's cart", () => {
  it('is untouched by adding and removing the same courses', async () => {
    const alice = await createSignedInUser(t.database.db);
    const bob = await createSignedInUser(t.database.db);
    await add(alice, first!.id);
    await add(alice, second!.id);

    await add(bob, first!.id);
    await add(bob, third!.id);
    expect((await remove(bob, first!.id)).statusCode).toBe(200);
    expect((await remove(bob, second!.id)).statusCode).toBe(404);

    expect(await idsIn(alice)).toEqual([first?.id, second?.id]);
    expect(await idsIn(bob)).toEqual([third?.id]);
    expect((await cartOf(bob)).userId).toBe(bob.id);
  });
});

describe('the cart lists only courses that can still be bought', () => {
  it('a course granted after it was added drops out of the cart', async () => {
    const user = await createSignedInUser(t.database.db);
    await add(user, first!.id);
    await add(user, second!.id);
    await grant(user.id, first!.id);
    expect(await idsIn(user)).toEqual([second?.id]);
  });
});

describe('POST /api/cart/merge', () => {
  const merge = (user: TestUser | null, courseIds: unknown) => post(user, '/api/cart/merge', { courseIds });

  it('moves new courses in, skipping owned, unknown, duplicate and already-added ones', async () => {
    const user = await createSignedInUser(t.database.db);
    await add(user, first!.id);
    await grant(user.id, third!.id);
    const res = await merge(user, [first!.id, second!.id, second!.id, third!.id, UNKNOWN_ID]);
    expect(res.statusCode).toBe(200);
    const body = mergeCartResponse.parse(res.json());
    expect(body.added).toBe(1);
    expect(body.cart.courses.map((entry) => entry.courseId._id)).toEqual([first?.id, second?.id]);
  });

  it('is idempotent: the same list again adds nothing', async () => {
    const user = await createSignedInUser(t.database.db);
    const list = [first!.id, second!.id];
    expect(mergeCartResponse.parse((await merge(user, list)).json()).added).toBe(2);
    expect(mergeCartResponse.parse((await merge(user, list)).json()).added).toBe(0);
    expect(await idsIn(user)).toEqual(list);
    expect(await storedItems(t.database.db, user.id)).toBe(2);
  });

  it('an empty list is fine and adds nothing', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await merge(user, []);
    expect(res.json()).toEqual({ ok: true, added: 0, cart: { userId: user.id, courses: [] } });
  });

  it.each([
    ['a malformed id among good ones', () => [first!.id, 'nope']],
    ['not a list', () => first!.id],
    ['more than 100 ids', () => Array.from({ length: 101 }, () => first!.id)],
  ])('%s is a 400 and nothing is written', async (_name, ids) => {
    const user = await createSignedInUser(t.database.db);
    const res = await merge(user, ids());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/courseIds/);
    expect(await storedItems(t.database.db, user.id)).toBe(0);
  });
});

describe('server-side pricing', () => {
  it('prices the cart from its own paise and the coupon with the shared rule', async () => {
    const user = await createSignedInUser(t.database.db);
    await add(user, first!.id);
    await add(user, second!.id);
    const priced = await priceCart(t.database.db, user.id, 'welcome10');
    expect(priced.coupon).toMatchObject({ code: 'WELCOME10', percent: 10 });
    expect(priced.totals).toEqual({ subtotal: 1_199_800, discount: 119_980, total: 1_079_820 });
    expect(priced.totals).toEqual(computeTotals([{ pricePaise: 499_900 }, { pricePaise: 699_900 }], 10));
  });

  it('an unusable code prices the cart at full price', async () => {
    const user = await createSignedInUser(t.database.db);
    await add(user, first!.id);
    const priced = await priceCart(t.database.db, user.id, 'NOSUCHCODE');
    expect(priced.coupon).toBeNull();
    expect(priced.totals).toEqual({ subtotal: 499_900, discount: 0, total: 499_900 });
  });
});
