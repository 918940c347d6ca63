import type { ReviewBreakdownRow } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { findAllCourseStats, findCourseStats, type StarCounts } from './repo.js';

export interface RatingSummary {
  /** Mean of the visible reviews to one decimal; 0 when there are none (ratings start at 1 star). */
  average: number;
  count: number;
  /** Five rows, 5 stars first. */
  breakdown: ReviewBreakdownRow[];
}

/** The figures a course shows, from its stored star counts (none stored: no reviews). */
export function summarise(counts: StarCounts | undefined): RatingSummary {
  const perStar = [1, 2, 3, 4, 5].map((stars) => counts?.[`stars_${stars}` as keyof StarCounts] ?? 0);
  const count = perStar.reduce((sum, n) => sum + n, 0);
  const total = perStar.reduce((sum, n, index) => sum + n * (index + 1), 0);
  return {
    average: count === 0 ? 0 : Math.round((total / count) * 10) / 10,
    count,
    breakdown: [5, 4, 3, 2, 1].map((stars) => {
      const starCount = perStar[stars - 1] ?? 0;
      return { stars, count: starCount, percent: count === 0 ? 0 : Math.round((starCount * 100) / count) };
    }),
  };
}

export async function findCourseRating(db: Db, courseId: string): Promise<RatingSummary> {
  return summarise(await findCourseStats(db, courseId));
}

/** Every reviewed course's summary by course id; a course missing from the map has no visible reviews. */
export async function findCourseRatings(db: Db): Promise<Map<string, RatingSummary>> {
  const rows = await findAllCourseStats(db);
  return new Map(rows.map((row) => [row.course_id, summarise(row)]));
}
