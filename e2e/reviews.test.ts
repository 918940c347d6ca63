import fs from 'node:fs';
import path from 'node:path';
import { messages } from '@shop/shared';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { baseURL, expect, test } from './support/browser';
import { grantCourse, signIn } from './support/users';

// Issue 14: a buyer rates a course and sees its rating and breakdown change; the operator hides the
// review and it disappears. The course is one no other browser test reviews.
const course = { id: '64a1f0c2b7e4d1a2c3e50007', title: 'Chart Patterns That Still Work' };
const coursePage = `/course-details/${course.id}`;

async function openReviews(page: Page) {
  await page.goto(coursePage);
  await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
  await page.getByRole('tab', { name: 'Reviews' }).click();
  await page.getByRole('heading', { name: 'Reviews', level: 2 }).waitFor();
}

const rowText = (page: Page) => page.locator('.review-table tbody tr').allTextContents();

/** Each bar's width and its fill's width, per row (5 stars first). */
const barWidths = (page: Page) =>
  page.locator('.review-table tbody tr').evaluateAll((trs) =>
    trs.map((tr) => ({
      bar: tr.querySelector('.bar')?.getBoundingClientRect().width ?? 0,
      fill: tr.querySelector('.bar span')?.getBoundingClientRect().width ?? 0,
    })),
  );

describe('buyers’ reviews', () => {
  test('a buyer reviews by keyboard and sees the figures change; the operator hides it and it is gone', async ({
    page,
    context,
  }) => {
    const buyer = await signIn(context);
    grantCourse(buyer.id, course.id);

    // Before: no made-up numbers, on the course page and on its card.
    await openReviews(page);
    await page.getByText('No reviews yet. Learners who buy this course can rate it here.').waitFor();
    expect(await page.locator('.course-header .rating').textContent()).toBe('No reviews yet');
    expect(await page.locator('.review-table').count()).toBe(0);
    await page.getByRole('heading', { name: 'Review rules' }).waitFor();
    expect(await page.locator('.review-rules li').count()).toBe(8);

    // Sent without stars: the message under them, the focus on the first; choosing one takes it away.
    await page.getByRole('button', { name: messages.reviewSubmit }).click();
    await page.getByText(messages.reviewStarsInvalid).waitFor();
    expect(
      await page.getByRole('radio', { name: '5 stars' }).evaluate((radio) => radio === document.activeElement),
    ).toBe(true);
    expect(await page.getByRole('group', { name: messages.reviewStarsLabel }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    await page.getByRole('radio', { name: '3 stars' }).check();
    await page.getByText(messages.reviewStarsInvalid).waitFor({ state: 'detached' });

    // The form by keyboard: arrows move through the stars, Tab to the text, Enter on the button.
    await page.getByRole('radio', { name: '5 stars' }).focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    expect(await page.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('Clear examples of each pattern, with the failures too.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Thank you! Your review is published.' }).waitFor();

    await page.locator('.review-average strong', { hasText: '4.0' }).waitFor();
    expect(await rowText(page)).toEqual(['5 stars0', '4 stars1', '3 stars0', '2 stars0', '1 stars0']);
    const list = page.locator('.review-list li');
    expect(await list.count()).toBe(1);
    expect(await list.first().textContent()).toContain(buyer.username);
    expect(await list.first().textContent()).toContain('Clear examples of each pattern');
    expect(await list.first().textContent()).not.toContain(buyer.email);
    await expect.poll(async () => (await page.locator('.course-header .rating').textContent())?.trim()).toBe('(4.0)');
    // The bars are drawn: the 4-star row fills its bar, the others are empty, at desktop and 360 px.
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      const [five, four] = await barWidths(page);
      expect(four?.bar).toBeGreaterThanOrEqual(width === 360 ? 100 : 200);
      expect(four?.fill).toBeCloseTo(four?.bar ?? 0, 0);
      expect(five?.fill).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await axeViolations(page)).toEqual([]);

    // Editing replaces the review: still one, now 5 stars.
    await page.getByRole('heading', { name: 'Edit your review' }).waitFor();
    await page.getByRole('radio', { name: '5 stars' }).check();
    await page.getByRole('button', { name: 'Publish review' }).click();
    await page.getByRole('status').filter({ hasText: 'Your review is updated.' }).waitFor();
    await page.locator('.review-average strong', { hasText: '5.0' }).waitFor();
    expect(await rowText(page)).toEqual(['5 stars1', '4 stars0', '3 stars0', '2 stars0', '1 stars0']);
    expect(await list.count()).toBe(1);
    // For the closing note (e2e/artifacts is ignored by git).
    const artifacts = path.resolve(import.meta.dirname, 'artifacts');
    fs.mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: path.join(artifacts, 'reviews-tab.png'), fullPage: true });

    // The card in the catalogue follows.
    await page.goto('/courses');
    const card = page.locator('.course-card', { hasText: course.title });
    await expect.poll(async () => (await card.locator('.rating').textContent())?.trim()).toBe('(5.0)');
    expect(await card.getByRole('img', { name: 'Rated 5 out of 5' }).count()).toBe(1);

    // The operator hides it in the console.
    const admin = await context.browser()?.newContext({ baseURL });
    if (!admin) throw new Error('the browser is gone');
    await signIn(admin, { role: 'admin' });
    const consolePage = await admin.newPage();
    await consolePage.goto('/admin/reviews');
    await consolePage.getByRole('heading', { name: 'Reviews', level: 1 }).waitFor();
    const row = consolePage.getByRole('row').filter({ hasText: buyer.username });
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('5 / 5');
    expect(await row.getByRole('cell').nth(5).textContent()).toBe('Shown');
    expect(await axeViolations(consolePage)).toEqual([]);
    await row.getByRole('button', { name: `Hide the review by ${buyer.username} of ${course.title}` }).click();
    await consolePage.getByText('The review is hidden from the shop.').waitFor();
    await expect.poll(() => row.getByRole('cell').nth(5).textContent()).toBe('Hidden');
    await admin.close();

    // Gone from the course page and the figures; the buyer is told theirs is hidden.
    await openReviews(page);
    await page.getByText('No reviews yet. Learners who buy this course can rate it here.').waitFor();
    expect(await page.locator('.review-list li').count()).toBe(0);
    expect(await page.locator('.course-header .rating').textContent()).toBe('No reviews yet');
    await page.getByText('The shop has hidden your review; editing it does not show it again.').waitFor();
  });

  test('a visitor sees the reviews and is asked to log in to write one', async ({ page }) => {
    await openReviews(page);
    await page.getByRole('link', { name: 'Log in to review this course.' }).waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
  });
});
