import type { Course, CourseSummary, LearnCourseResponse } from '@shop/shared';
import { catalogApi } from '../features/catalog/api';
import type { AppDispatch } from './store';

/**
 * The API answers a page came with, in the browser's query cache before its first render: those a
 * server-rendered page was drawn with (decision 0026), so the hydrating render draws the same page and
 * asks the API nothing again; and the learner's course on their player's page, which the browser draws.
 */
export type SeedQuery =
  | { endpoint: 'getCourses'; arg: undefined; data: CourseSummary[] }
  | { endpoint: 'getCourse'; arg: string; data: Course }
  | { endpoint: 'getLearnCourse'; arg: string; data: LearnCourseResponse };

/** The element the server writes the answers into (`application/json`: data, not a script the CSP must allow). */
export const INITIAL_DATA_ID = 'initial-data';

/**
 * Each endpoint must be in the API by then: the catalogue's are in the entry; a page's own (the player's)
 * come with its code, so a page with data of its own is drawn after its code has loaded (main.tsx).
 */
export function seedQueries(dispatch: AppDispatch, queries: readonly SeedQuery[]): void {
  if (queries.length === 0) return;
  const entries = queries.map((query) => ({ endpointName: query.endpoint, arg: query.arg, value: query.data }));
  // The endpoints injected by pages are not in the catalogue API's type, only in the one API they share.
  dispatch(catalogApi.util.upsertQueryEntries(entries as Parameters<typeof catalogApi.util.upsertQueryEntries>[0]));
}

/** The answers the server embedded in the page, or none. */
export function readInitialData(): SeedQuery[] {
  const text = document.getElementById(INITIAL_DATA_ID)?.textContent;
  if (!text) return [];
  try {
    return JSON.parse(text) as SeedQuery[];
  } catch {
    return [];
  }
}
