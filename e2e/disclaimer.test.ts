import type { ListCoursesResponse } from '@shop/shared';
import { describe } from 'vitest';
import { baseURL, expect, test } from './support/browser';

// Issue 16: "Education only, not investment advice" sits in the footer and on every course page, not only
// on the one course a purchase test happens to open.

const disclaimer = 'Education only, not investment advice.';

describe('investment disclaimer', () => {
  test('the footer of the home and catalogue pages and every course page carry the disclaimer', {
    timeout: 120_000,
  }, async ({ page }) => {
    for (const path of ['/', '/courses']) {
      await page.goto(path);
      await page.locator('.site-footer', { hasText: disclaimer }).waitFor();
    }
    const { courses } = (await (await fetch(`${baseURL}/api/courses`)).json()) as ListCoursesResponse;
    expect(courses.length).toBeGreaterThanOrEqual(10);
    const missing: string[] = [];
    for (const course of courses) {
      await page.goto(`/course-details/${course._id}`);
      await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
      const note = page.getByRole('note').filter({ hasText: disclaimer });
      const footer = page.locator('.site-footer', { hasText: disclaimer });
      if ((await note.count()) !== 1 || (await footer.count()) !== 1) missing.push(course.title);
    }
    expect(missing).toEqual([]);
  });
});
