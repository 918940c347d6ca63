import { computeTotals, messages, rupeesToPaise } from '@shop/shared';
import type { Db } from '../../apps/server/src/db/database';
import { createSignedInUser, type TestUser } from '../../apps/server/test/helpers';
import { type CallStats, LearnerClient, NoAnswerError, newCallStats } from './http-client';
import { newSubscribeResult, type SubscribeResult, subscribeOnce } from './subscribers';

export interface LoadOptions {
  baseUrl: string;
  origin: string;
  learners: TestUser[];
  /** When the learners stop starting purchases; may be moved later while they run. */
  deadline: { at: number };
  /** Chance that a learner pays and then closes the browser before the shop hears of it. */
  abandonAfterPayChance?: number;
  /**
   * Chance that a learner checks out, adds a course, checks out again, and then pays both gateway
   * orders (an old tab or Razorpay window left open): the shop must grant once and refund the other.
   */
  staleTabChance?: number;
  /**
   * A new signed-in learner, to take the place of one who owns every course: without it, a fast machine
   * sells out the catalogue to the same 200 learners and the rest of the run only browses.
   */
  newLearner?: () => Promise<TestUser>;
  /**
   * A person's pause before each request (ms range). Without it every learner clicks as fast as the
   * shop answers, which makes N learners a load test of N connections rather than N people shopping.
   */
  thinkMs?: { min: number; max: number };
  /**
   * Chance, before each purchase, that a learner not yet a member takes the demo membership (issue 34).
   * Spread over the run rather than all at its first second, so the kills land on some subscribes, not
   * on all of them at once.
   */
  subscribeChance?: number;
}

export interface LoadResult extends CallStats {
  purchases: number;
  /** Our order ids the server acknowledged (create-order answered 200): they must never disappear. */
  acknowledgedOrders: Set<string>;
  /** Orders whose verify-payment answered 200: they must be paid, whatever happens afterwards. */
  verifiedOrders: Set<string>;
  /** Orders paid at the gateway whose buyer left before verifying: reconciliation's work. */
  abandonedPaidOrders: Set<string>;
  /** Orders whose verify-payment answered that the payment is being refunded (a stale tab's second payment). */
  refundedOrders: Set<string>;
  couponOrders: number;
  /** Learners who arrived to replace one who owned every course. */
  newLearners: number;
  /** The memberships the learners took. */
  subscribed: SubscribeResult;
  durationMs: number;
}

/**
 * Verified learners with open sessions, written straight into the database as the server writes them:
 * sign-up is rate-limited per IP (30 an hour), so 200 sign-ups from one machine would be refused.
 */
export async function createLearners(db: Db, count: number): Promise<TestUser[]> {
  const learners: TestUser[] = [];
  for (let i = 0; i < count; i += 1) learners.push(await createSignedInUser(db));
  return learners;
}

const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Filled in while the learners run, so a test can watch their progress. */
export function newLoadResult(): LoadResult {
  return {
    ...newCallStats(),
    purchases: 0,
    acknowledgedOrders: new Set(),
    verifiedOrders: new Set(),
    abandonedPaidOrders: new Set(),
    refundedOrders: new Set(),
    couponOrders: 0,
    newLearners: 0,
    subscribed: newSubscribeResult(),
    durationMs: 0,
  };
}

/**
 * Every learner loops until the deadline: browse the catalogue and a course, put a course they do not
 * own in the cart, sometimes check the WELCOME10 coupon, create the order, pay in the sandbox and
 * verify. The deadline is checked only between purchases, so no purchase is cut off half-way by the
 * test itself; when the server does not answer, the learner waits and starts over with the cart it has.
 */
export async function runLearners(options: LoadOptions, result = newLoadResult()): Promise<LoadResult> {
  const started = Date.now();
  const { deadline } = options;
  await Promise.all(
    options.learners.map(async (first) => {
      let user = first;
      let client = new LearnerClient(options.baseUrl, options.origin, user.token, result, options.thinkMs);
      let owned = new Set<string>();
      let gone = false;
      let member = false;
      while (!gone && Date.now() < deadline.at) {
        try {
          if (!member && Math.random() < (options.subscribeChance ?? 0)) {
            member = true;
            await subscribeOnce(client, result.subscribed);
          }
          const outcome =
            Math.random() < (options.staleTabChance ?? 0)
              ? await shopInTwoTabs(client, user, owned, result)
              : await shopOnce(client, user, owned, result, options.abandonAfterPayChance ?? 0);
          if (outcome === 'bought' || outcome === 'retry') continue;
          // A learner who left, or who owns every course, makes room for a newcomer when the test allows.
          if (options.newLearner) {
            user = await options.newLearner();
            client = new LearnerClient(options.baseUrl, options.origin, user.token, result, options.thinkMs);
            owned = new Set();
            member = false;
            result.newLearners += 1;
          } else if (outcome === 'left') gone = true;
          else await pause(200);
        } catch (error) {
          if (!(error instanceof NoAnswerError)) throw error;
          await pause(1000 + Math.random() * 1000);
        }
      }
    }),
  );
  result.durationMs = Date.now() - started;
  return result;
}

/**
 * Adds a course to the cart as its page would: a course sold by cohort (issue 35) goes in with a cohort,
 * the open one without a seat limit when there is one (the load is about payments, not the race for the
 * last seat, which cohorts.test.ts proves), else the one with most seats left. A course whose cohorts are
 * all full or closed cannot be bought: 'unavailable'.
 */
async function addToCart(client: LearnerClient, courseId: string) {
  const page = (await client.call('GET', `/api/courses/${courseId}`)).body.course as {
    runsInCohorts: boolean;
    cohorts: { id: string; seatsLeft: number | null }[];
  };
  let cohortId: string | undefined;
  if (page.runsInCohorts) {
    const open = page.cohorts.filter((cohort) => cohort.seatsLeft === null || cohort.seatsLeft > 0);
    const roomiest = open.sort(
      (a, b) => (b.seatsLeft ?? Number.MAX_SAFE_INTEGER) - (a.seatsLeft ?? Number.MAX_SAFE_INTEGER),
    )[0];
    if (!roomiest) return 'unavailable' as const;
    cohortId = roomiest.id;
  }
  return client.call('POST', '/api/cart/add', cohortId ? { courseId, cohortId } : { courseId }, [409]);
}

async function shopOnce(
  client: LearnerClient,
  user: TestUser,
  owned: Set<string>,
  result: LoadResult,
  abandonChance: number,
): Promise<'bought' | 'left' | 'retry' | 'owns-everything'> {
  const list = await client.call('GET', '/api/courses');
  const courses: { _id: string; price: number }[] = list.body.courses;
  const browsed = pick(courses);
  if (browsed) await client.call('GET', `/api/courses/${browsed._id}`);

  let cart = (await client.call('GET', '/api/cart')).body.cart;
  if (cart.courses.length === 0) {
    const choice = pick(courses.filter((course) => !owned.has(course._id)));
    if (!choice) {
      await client.call('GET', '/api/profile');
      return 'owns-everything';
    }
    const added = await addToCart(client, choice._id);
    if (added === 'unavailable' || added.status === 409) {
      owned.add(choice._id);
      return 'retry';
    }
    cart = added.body.cart;
  }
  const lines: CartLine[] = cart.courses;

  let coupon: { id: string; discountPercentage: number } | null = null;
  if (Math.random() < 0.5) {
    const checked = await client.call('GET', '/api/coupon/WELCOME10', undefined, [404, 429]);
    if (checked.status === 200) coupon = checked.body.coupon;
  }
  const created = await checkout(client, user, lines, coupon);
  if (created.status !== 200) return 'retry';
  result.acknowledgedOrders.add(created.body.orderId);
  if (coupon) result.couponOrders += 1;

  // An already-paid gateway order refuses a second payment (409), as Razorpay does.
  const paid = await client.call(
    'POST',
    '/api/sandbox/pay',
    { order_id: created.body.order_id, outcome: 'captured' },
    [409],
  );
  if (paid.status !== 200) return 'retry';
  if (Math.random() < abandonChance) {
    result.abandonedPaidOrders.add(created.body.orderId);
    return 'left';
  }
  const verified = await client.call('POST', '/api/verify-payment', {
    razorpay_order_id: paid.body.razorpay_order_id,
    razorpay_payment_id: paid.body.razorpay_payment_id,
    razorpay_signature: paid.body.razorpay_signature,
  });
  if (verified.status !== 200) return 'retry';
  result.verifiedOrders.add(created.body.orderId);
  result.purchases += 1;
  for (const line of lines) owned.add(line.courseId._id);
  return 'bought';
}

type CartLine = { courseId: { _id: string; price: number } };

async function checkout(
  client: LearnerClient,
  user: TestUser,
  lines: CartLine[],
  coupon: { id: string; discountPercentage: number } | null,
) {
  const totals = computeTotals(
    lines.map((line) => ({ pricePaise: rupeesToPaise(line.courseId.price) })),
    coupon?.discountPercentage,
  );
  return client.call(
    'POST',
    '/api/create-order',
    {
      amount: totals.total / 100,
      name: user.username,
      email: user.email,
      courseId: lines.map((line) => line.courseId._id).join(','),
      userId: user.id,
      validDiscount: totals.discount / 100,
      discountCouponId: coupon?.id ?? null,
    },
    [409],
  );
}

/**
 * Checkout, add a course, checkout again (the first order is superseded but stays payable at the
 * gateway), then pay both gateway orders and verify both, in either order. One of them grants; the
 * other must answer that its payment is being refunded (the learner already owns its course).
 */
async function shopInTwoTabs(
  client: LearnerClient,
  user: TestUser,
  owned: Set<string>,
  result: LoadResult,
): Promise<'bought' | 'retry' | 'owns-everything'> {
  const courses: { _id: string; price: number }[] = (await client.call('GET', '/api/courses')).body.courses;
  let cart = (await client.call('GET', '/api/cart')).body.cart;
  const addOne = async (): Promise<'added' | 'retry' | 'owns-everything'> => {
    const inCart = new Set(cart.courses.map((line: CartLine) => line.courseId._id));
    const choice = pick(courses.filter((course) => !owned.has(course._id) && !inCart.has(course._id)));
    if (!choice) return 'owns-everything';
    const added = await addToCart(client, choice._id);
    if (added === 'unavailable' || added.status === 409) {
      owned.add(choice._id);
      return 'retry';
    }
    cart = added.body.cart;
    return 'added';
  };
  if (cart.courses.length === 0) {
    const added = await addOne();
    if (added !== 'added') return added;
  }
  const first = await checkout(client, user, cart.courses, null);
  if (first.status !== 200) return 'retry';
  result.acknowledgedOrders.add(first.body.orderId);
  const added = await addOne();
  if (added !== 'added') return 'retry';
  const second = await checkout(client, user, cart.courses, null);
  if (second.status !== 200) return 'retry';
  result.acknowledgedOrders.add(second.body.orderId);

  const tabs = [first.body, second.body];
  if (Math.random() < 0.5) tabs.reverse();
  const payments = [];
  for (const tab of tabs) {
    const paid = await client.call('POST', '/api/sandbox/pay', { order_id: tab.order_id, outcome: 'captured' }, [409]);
    if (paid.status !== 200) return 'retry';
    payments.push({ orderId: tab.orderId as string, lines: tab.courseId.split(',') as string[], paid: paid.body });
  }
  for (const { orderId, lines, paid } of payments) {
    const verified = await client.call('POST', '/api/verify-payment', {
      razorpay_order_id: paid.razorpay_order_id,
      razorpay_payment_id: paid.razorpay_payment_id,
      razorpay_signature: paid.razorpay_signature,
    });
    if (verified.status !== 200) return 'retry';
    if (verified.body.message === messages.paymentRefundedUnfulfillable) {
      result.refundedOrders.add(orderId);
      continue;
    }
    result.verifiedOrders.add(orderId);
    result.purchases += 1;
    for (const line of lines) owned.add(line);
  }
  return 'bought';
}
