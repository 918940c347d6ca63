import { getCourseResponse, indiaDate } from '@shop/shared';
import { afterEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { seedIfEmpty } from './seed.js';
import { DEMO_COHORT_COURSE_ID } from './seed-cohorts.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

it("a fresh machine's shop has one course in cohorts: a 30-seat batch in three weeks and an open one later", async () => {
  t = await createTestApp();
  await seedIfEmpty(t.database.db);
  const res = await t.app.inject({ url: `/api/courses/${DEMO_COHORT_COURSE_ID}` });
  const { course } = getCourseResponse.parse(res.json());
  const inDays = (days: number) => indiaDate(new Date(Date.now() + days * 86_400_000));
  expect(course.runsInCohorts).toBe(true);
  expect(course.cohorts).toEqual([
    { id: expect.any(String), title: 'Weekend batch', startsOn: inDays(21), seatsLeft: 30 },
    { id: expect.any(String), title: 'Evening batch', startsOn: inDays(49), seatsLeft: null },
  ]);
  // Every other demo course stays self-paced.
  const other = await t.app.inject({ url: '/api/courses/64a1f0c2b7e4d1a2c3e50001' });
  expect(other.json().course.runsInCohorts).toBe(false);
});
