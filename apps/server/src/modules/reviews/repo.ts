import type { Db } from '../../db/database.js';
import { newId } from '../../ids.js';

export interface StarCounts {
  stars_1: number;
  stars_2: number;
  stars_3: number;
  stars_4: number;
  stars_5: number;
}

const starColumns = ['stars_1', 'stars_2', 'stars_3', 'stars_4', 'stars_5'] as const;

export async function findReviewOf(db: Db, courseId: string, userId: string) {
  return db
    .selectFrom('reviews')
    .select(['id', 'rating', 'text', 'updated_at', 'hidden_at'])
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function findReviewById(db: Db, id: string) {
  return db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the learner's review of the course, or replaces their earlier one (keeping its id and first date). */
export async function upsertReview(
  trx: Db,
  review: { courseId: string; userId: string; rating: number; text: string },
  now: string,
): Promise<void> {
  await trx
    .insertInto('reviews')
    .values({
      id: newId(),
      course_id: review.courseId,
      user_id: review.userId,
      rating: review.rating,
      text: review.text,
      created_at: now,
      updated_at: now,
      hidden_at: null,
    })
    .onConflict((oc) =>
      oc.columns(['course_id', 'user_id']).doUpdateSet({ rating: review.rating, text: review.text, updated_at: now }),
    )
    .execute();
}

export async function setReviewHidden(trx: Db, id: string, hiddenAt: string | null): Promise<void> {
  await trx.updateTable('reviews').set({ hidden_at: hiddenAt }).where('id', '=', id).execute();
}

/**
 * Rewrites the course's star counts from its visible reviews. The first statement takes the stats
 * row's lock (PostgreSQL) or the write lock (SQLite), so two reviews saved at once are counted in turn
 * and the second count sees the first review.
 */
export async function refreshCourseStats(trx: Db, courseId: string, now: string): Promise<void> {
  await trx
    .insertInto('course_review_stats')
    .values({ course_id: courseId, updated_at: now })
    .onConflict((oc) => oc.column('course_id').doUpdateSet({ updated_at: now }))
    .execute();
  const rows = await trx
    .selectFrom('reviews')
    .select(['rating', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('course_id', '=', courseId)
    .where('hidden_at', 'is', null)
    .groupBy('rating')
    .execute();
  const counts: StarCounts = { stars_1: 0, stars_2: 0, stars_3: 0, stars_4: 0, stars_5: 0 };
  for (const row of rows) counts[starColumns[row.rating - 1] ?? 'stars_1'] = Number(row.count);
  await trx.updateTable('course_review_stats').set(counts).where('course_id', '=', courseId).execute();
}

export async function findCourseStats(db: Db, courseId: string): Promise<StarCounts | undefined> {
  return db.selectFrom('course_review_stats').select(starColumns).where('course_id', '=', courseId).executeTakeFirst();
}

/** Every reviewed course's star counts: one row per course, so the whole table is the catalogue's need. */
export async function findAllCourseStats(db: Db) {
  return db
    .selectFrom('course_review_stats')
    .select(['course_id', ...starColumns])
    .execute();
}

export async function findVisibleReviews(db: Db, courseId: string, limit: number, offset: number) {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select(['reviews.id', 'reviews.rating', 'reviews.text', 'reviews.updated_at', 'users.username'])
    .where('reviews.course_id', '=', courseId)
    .where('reviews.hidden_at', 'is', null)
    .orderBy('reviews.updated_at', 'desc')
    .orderBy('reviews.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

function consoleReviews(db: Db) {
  return db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .innerJoin('courses', 'courses.id', 'reviews.course_id')
    .select([
      'reviews.id',
      'reviews.course_id',
      'courses.title',
      'users.username',
      'users.email',
      'reviews.rating',
      'reviews.text',
      'reviews.updated_at',
      'reviews.hidden_at',
    ]);
}
export type ConsoleReviewRow = Awaited<ReturnType<ReturnType<typeof consoleReviews>['executeTakeFirstOrThrow']>>;

/** The console's list: newest first, hidden ones included, with course and learner. */
export async function findReviewsForConsole(db: Db, limit: number): Promise<ConsoleReviewRow[]> {
  return consoleReviews(db).orderBy('reviews.updated_at', 'desc').orderBy('reviews.id', 'desc').limit(limit).execute();
}

export async function findConsoleReview(db: Db, id: string): Promise<ConsoleReviewRow | undefined> {
  return consoleReviews(db).where('reviews.id', '=', id).executeTakeFirst();
}

/** Every review the learner wrote, hidden ones included, with the course's title: their data export. */
export async function findReviewsByUser(db: Db, userId: string) {
  return db
    .selectFrom('reviews')
    .innerJoin('courses', 'courses.id', 'reviews.course_id')
    .select([
      'reviews.course_id',
      'courses.title',
      'reviews.rating',
      'reviews.text',
      'reviews.created_at',
      'reviews.updated_at',
      'reviews.hidden_at',
    ])
    .where('reviews.user_id', '=', userId)
    .orderBy('reviews.created_at')
    .orderBy('reviews.id')
    .execute();
}

/** Deletes every review the learner wrote; returns the courses they were about. */
export async function deleteReviewsByUser(trx: Db, userId: string): Promise<string[]> {
  const rows = await trx.deleteFrom('reviews').where('user_id', '=', userId).returning('course_id').execute();
  return [...new Set(rows.map((row) => row.course_id))];
}
