import { courseReviewsResponse, getCourseResponse, listCoursesResponse, messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp, createSignedInUser, type TestApp, type TestUser } from '../../../test/helpers.js';
import { refundInFull } from '../../../test/refunds.js';
import { buy } from '../../../test/test-purchases.js';
import { demoCourses } from '../../seed/seed-courses.js';

let t: TestApp;
let admin: TestUser;
const [c1, c2, c3, c4] = demoCourses.map((course) => ({ id: course._id ?? '', rupees: course.price }));

beforeAll(async () => {
  t = await createSeededTestApp();
  admin = await createSignedInUser(t.database.db, { role: 'admin' });
});
afterAll(() => t.close());

const origin = () => new URL(t.config.publicUrl).origin;
const post = (url: string, user: TestUser | null, payload: object) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...(user ? { cookie: user.cookie } : {}), origin: origin() },
    payload,
  });
const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
const review = (course: typeof c1, user: TestUser | null, body: object) =>
  post(`/api/courses/${course?.id}/reviews`, user, body);
const reviewsOf = async (course: typeof c1, page = 1) => {
  const res = await get(`/api/courses/${course?.id}/reviews?page=${page}`);
  expect(res.statusCode).toBe(200);
  return courseReviewsResponse.parse(res.json());
};
const catalogCard = async (course: typeof c1) =>
  listCoursesResponse.parse((await get('/api/courses')).json()).courses.find((card) => card._id === course?.id);
const courseAnswer = async (course: typeof c1) =>
  getCourseResponse.parse((await get(`/api/courses/${course?.id}`)).json()).course;

const buyer = (course: typeof c1) => buy(t, [course?.id ?? '']);

describe('who may review', () => {
  it('asks a visitor to log in', async () => {
    const res = await review(c1, null, { rating: 5, text: 'Great' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, message: messages.pleaseLogIn });
  });

  it('refuses a learner who does not own the course, and writes nothing', async () => {
    const stranger = await createSignedInUser(t.database.db);
    const res = await review(c1, stranger, { rating: 1, text: 'Never took it, but...' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ ok: false, message: messages.reviewBuyersOnly });
    expect((await reviewsOf(c1)).count).toBe(0);
    expect((await get(`/api/courses/${c1?.id}/reviews/mine`, stranger)).json()).toEqual({
      ok: true,
      canReview: false,
      review: null,
    });
  });

  it('refuses a buyer whose order was refunded', async () => {
    const { user, orderId } = await buyer(c2);
    await refundInFull(t, orderId);
    const res = await review(c2, user, { rating: 1, text: 'Refunded' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.reviewBuyersOnly);
    expect((await reviewsOf(c2)).count).toBe(0);
  });

  it('answers 404 for a course that does not exist', async () => {
    const user = await createSignedInUser(t.database.db);
    expect((await review({ id: 'ffffffffffffffffffffffff', rupees: 1 }, user, { rating: 5 })).statusCode).toBe(404);
    expect((await get('/api/courses/ffffffffffffffffffffffff/reviews')).statusCode).toBe(404);
  });

  it('checks the stars and the length of the text, trimmed, and names what to fix', async () => {
    const { user } = await buyer(c3);
    for (const rating of [0, 6, 4.5, '5']) {
      const res = await review(c3, user, { rating, text: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(messages.reviewStarsInvalid);
    }
    const long = await review(c3, user, { rating: 4, text: 'a'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain(messages.reviewTextTooLong);
    // 2000 characters after trimming are accepted; the spaces around them are not stored.
    const ok = await review(c3, user, { rating: 4, text: `   ${'a'.repeat(2000)}   ` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().review.text).toHaveLength(2000);
    const noText = await review(c3, user, { rating: 3 });
    expect(noText.statusCode).toBe(200);
    expect(noText.json().review.text).toBe('');
  });
});

describe('one review per buyer, with the figures computed from visible reviews', () => {
  it('a course without reviews shows no made-up rating', async () => {
    const figures = await reviewsOf(c4);
    expect(figures).toMatchObject({ average: 0, count: 0, reviews: [], pageCount: 0 });
    expect(figures.breakdown).toEqual([5, 4, 3, 2, 1].map((stars) => ({ stars, percent: 0, count: 0 })));
    expect(await catalogCard(c4)).toMatchObject({ rating: 0, review: '0.0' });
  });

  it('a buyer reviews once and edits it; the list, average, breakdown and catalogue follow', async () => {
    expect(await catalogCard(c1)).toMatchObject({ rating: 0 });
    expect(await courseAnswer(c1)).toMatchObject({ rating: 0 });

    const asha = await buyer(c1);
    const first = await review(c1, asha.user, { rating: 5, text: '  Clear and practical.  ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: messages.reviewSaved,
      review: { rating: 5, text: 'Clear and practical.' },
    });

    const ravi = await buyer(c1);
    expect((await review(c1, ravi.user, { rating: 2, text: 'Too fast for me.' })).statusCode).toBe(200);
    let figures = await reviewsOf(c1);
    expect(figures).toMatchObject({ average: 3.5, count: 2, pageCount: 1 });
    expect(figures.breakdown).toEqual([
      { stars: 5, percent: 50, count: 1 },
      { stars: 4, percent: 0, count: 0 },
      { stars: 3, percent: 0, count: 0 },
      { stars: 2, percent: 50, count: 1 },
      { stars: 1, percent: 0, count: 0 },
    ]);
    expect(figures.reviews.map((r) => r.username)).toEqual([ravi.user.username, asha.user.username]);
    // The public list names the reviewer, never their address.
    expect(JSON.stringify(figures)).not.toContain(asha.user.email);
    expect(figures.reviews[1]).toEqual({
      id: expect.any(String),
      rating: 5,
      text: 'Clear and practical.',
      username: asha.user.username,
      date: expect.any(String),
    });
    // The cached catalogue answers were dropped: the card and the course page show the new figure.
    expect(await catalogCard(c1)).toMatchObject({ rating: 3.5, review: '3.5' });
    expect(await courseAnswer(c1)).toMatchObject({ rating: 3.5, review: '3.5' });

    // Posting again replaces Asha's review: still two reviews, hers now on top.
    const edit = await review(c1, asha.user, { rating: 4, text: 'Good, a little fast.' });
    expect(edit.json().message).toBe(messages.reviewUpdated);
    figures = await reviewsOf(c1);
    expect(figures.count).toBe(2);
    expect(figures.average).toBe(3);
    expect(figures.reviews[0]).toMatchObject({ username: asha.user.username, rating: 4, text: 'Good, a little fast.' });
    expect(
      await t.database.db
        .selectFrom('reviews')
        .select('id')
        .where('course_id', '=', c1?.id ?? '')
        .execute(),
    ).toHaveLength(2);
    expect(await catalogCard(c1)).toMatchObject({ rating: 3, review: '3.0' });
    expect((await get(`/api/courses/${c1?.id}/reviews/mine`, asha.user)).json()).toMatchObject({
      canReview: true,
      review: { rating: 4, text: 'Good, a little fast.', hidden: false },
    });
  });

  it('posts arriving at once still leave one review per buyer and counts that match the reviews', async () => {
    const course = demoCourses[6];
    const target = { id: course?._id ?? '', rupees: course?.price ?? 0 };
    const asha = await buyer(target);
    const others = [await buyer(target), await buyer(target), await buyer(target), await buyer(target)];
    const answers = await Promise.all([
      ...[1, 2, 3, 4, 5].map((rating) => review(target, asha.user, { rating, text: `take ${rating}` })),
      ...others.map(({ user }, i) => review(target, user, { rating: (i % 5) + 1 })),
    ]);
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const rows = await t.database.db
      .selectFrom('reviews')
      .select(['user_id', 'rating'])
      .where('course_id', '=', target.id)
      .execute();
    expect(rows).toHaveLength(5);
    const figures = await reviewsOf(target);
    expect(figures.count).toBe(5);
    const stored = rows.map((row) => row.rating);
    expect(figures.breakdown.map((row) => row.count)).toEqual(
      [5, 4, 3, 2, 1].map((stars) => stored.filter((rating) => rating === stars).length),
    );
  });

  it('pages the list ten at a time, newest first', async () => {
    const course = demoCourses[4];
    const target = { id: course?._id ?? '', rupees: course?.price ?? 0 };
    const names: string[] = [];
    for (let i = 0; i < 11; i += 1) {
      const { user } = await buyer(target);
      expect((await review(target, user, { rating: (i % 5) + 1 })).statusCode).toBe(200);
      names.unshift(user.username);
    }
    const first = await reviewsOf(target, 1);
    expect(first).toMatchObject({ count: 11, pageCount: 2, page: 1 });
    expect(first.reviews.map((r) => r.username)).toEqual(names.slice(0, 10));
    const second = await reviewsOf(target, 2);
    expect(second.reviews.map((r) => r.username)).toEqual(names.slice(10));
    expect((await get(`/api/courses/${target.id}/reviews?page=0`)).statusCode).toBe(400);
  });
});

describe('the operator hides and restores a review', () => {
  it('a hidden review leaves the list and every figure, is audit-logged, and comes back when restored', async () => {
    const course = demoCourses[5];
    const target = { id: course?._id ?? '', rupees: course?.price ?? 0 };
    const kind = await buyer(target);
    const rude = await buyer(target);
    await review(target, kind.user, { rating: 4, text: 'Helpful.' });
    await review(target, rude.user, { rating: 1, text: 'Spam spam spam' });
    expect(await catalogCard(target)).toMatchObject({ rating: 2.5 });

    const list = await get('/api/admin/reviews', admin);
    expect(list.statusCode).toBe(200);
    const row = list.json().reviews.find((r: { text: string }) => r.text === 'Spam spam spam');
    expect(row).toMatchObject({ courseId: target.id, username: rude.user.username, email: rude.user.email, rating: 1 });
    expect(row.hidden).toBe(false);

    // Only the operator may: a learner is refused, and nothing changes.
    expect((await post(`/api/admin/reviews/${row.id}/visibility`, rude.user, { hidden: true })).statusCode).toBe(403);
    const hide = await post(`/api/admin/reviews/${row.id}/visibility`, admin, { hidden: true });
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ message: messages.reviewHidden, review: { hidden: true } });

    const figures = await reviewsOf(target);
    expect(figures).toMatchObject({ count: 1, average: 4 });
    expect(figures.reviews.map((r) => r.text)).toEqual(['Helpful.']);
    expect(await catalogCard(target)).toMatchObject({ rating: 4 });
    expect(await courseAnswer(target)).toMatchObject({ rating: 4 });
    const audit = (await get('/api/admin/audit', admin)).json().entries;
    expect(audit[0]).toMatchObject({ action: 'review.hide', entity: 'review', entityId: row.id });

    // Editing a hidden review does not bring it back.
    await review(target, rude.user, { rating: 2, text: 'Edited' });
    expect((await reviewsOf(target)).count).toBe(1);
    expect((await get(`/api/courses/${target.id}/reviews/mine`, rude.user)).json().review.hidden).toBe(true);

    const restore = await post(`/api/admin/reviews/${row.id}/visibility`, admin, { hidden: false });
    expect(restore.json().message).toBe(messages.reviewRestored);
    expect(await reviewsOf(target)).toMatchObject({ count: 2, average: 3 });
    expect(await catalogCard(target)).toMatchObject({ rating: 3 });
  });
});
