import type { Course, CourseSummary } from '@shop/shared';
import { catalogApi } from '../features/catalog/api';
import type { AppDispatch } from './store';

/**
 * The API answers a server-rendered page was drawn with (decision 0026), in the browser's query cache
 * before its first render: the hydrating render draws the same page, and asks the API nothing again.
 */
export type SeedQuery =
  | { endpoint: 'getCourses'; arg: undefined; data: CourseSummary[] }
  | { endpoint: 'getCourse'; arg: string; data: Course };

/** The element the server writes the answers into (`application/json`: data, not a script the CSP must allow). */
export const INITIAL_DATA_ID = 'initial-data';

export function seedQueries(dispatch: AppDispatch, queries: readonly SeedQuery[]): void {
  if (queries.length === 0) return;
  dispatch(
    catalogApi.util.upsertQueryEntries(
      queries.map((query) =>
        query.endpoint === 'getCourses'
          ? { endpointName: 'getCourses', arg: query.arg, value: query.data }
          : { endpointName: 'getCourse', arg: query.arg, value: query.data },
      ),
    ),
  );
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
