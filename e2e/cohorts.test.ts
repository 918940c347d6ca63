import { messages } from '@shop/shared';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { expect, test } from './support/browser';
import { signIn } from './support/users';

// Issue 35, cohorts in the browser: the demo's course that runs in cohorts (seeded on the shop's first
// start) shows its open cohorts on the course page; Add to Cart asks for a pick first; the pick is made with
// the keyboard (arrow keys move between the radios); the cart names the cohort, for a signed-in learner's
// server cart and for a visitor's browser cart alike.

const course = { id: '64a1f0c2b7e4d1a2c3e50009', title: 'Swing Trading Stocks Part-Time' };
const viewports = [
  { width: 360, height: 800, signedIn: false },
  { width: 1366, height: 900, signedIn: true },
];

describe('cohorts on the course page', () => {
  for (const viewport of viewports) {
    const who = viewport.signedIn ? 'a signed-in learner' : 'a visitor';
    test(`at ${viewport.width} px: ${who} picks a cohort by keyboard, adds to cart, and the cart names it; axe-clean`, async ({
      page,
      context,
    }) => {
      await page.setViewportSize(viewport);
      if (viewport.signedIn) await signIn(context);
      await page.goto(`/course-details/${course.id}`);
      await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
      const picker = page.getByRole('group', { name: messages.cohortPickLegend });
      await picker.waitFor();
      const weekend = picker.getByRole('radio', { name: /Weekend batch/ });
      const evening = picker.getByRole('radio', { name: /Evening batch/ });
      await expect.poll(() => weekend.isEnabled()).toBe(true);
      expect(await picker.textContent()).toContain('30 seats left');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Add to Cart without a pick: told to choose, and the page stays.
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await picker.getByRole('alert').filter({ hasText: messages.cohortRequired }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/course-details/${course.id}`);
      expect(await axeViolations(page)).toEqual([]);

      // The keyboard: Space picks the focused radio, the arrow key moves the pick to the next one.
      await weekend.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => weekend.isChecked()).toBe(true);
      await page.keyboard.press('ArrowDown');
      await expect.poll(() => evening.isChecked()).toBe(true);
      expect(await picker.getByRole('alert').count()).toBe(0);
      await page.getByRole('button', { name: 'Add to Cart' }).focus();
      await page.keyboard.press('Enter');

      await page.waitForURL(/\/cart$/);
      await page.getByRole('link', { name: course.title }).first().waitFor();
      await page.getByText(/Evening batch, starts \d{1,2} [A-Z][a-z]+ \d{4}/).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

describe('cohorts in the console', () => {
  test('the operator sees a course’s cohorts with seats taken and left and adds one, by keyboard; axe-clean', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(context, { role: 'admin' });
    await page.goto(`/admin/courses/${course.id}`);
    const section = page.getByRole('region', { name: messages.cohortsHeading, exact: true });
    await section.getByRole('cell', { name: 'Weekend batch', exact: true }).waitFor();
    const weekendRow = section.getByRole('row', { name: /Weekend batch/ });
    await weekendRow.getByRole('cell', { name: '30', exact: true }).waitFor();
    const title = `Morning batch ${Date.now().toString(36)}`;
    const form = section.getByRole('form', { name: messages.cohortCreate });
    await form.getByLabel(messages.cohortTitleLabel).fill(title);
    // 1 March next year: a start some months ahead, whatever the day the test runs.
    const year = new Date().getFullYear() + 1;
    await form.getByLabel(messages.cohortStartsOnLabel).fill(`${year}-03-01`);
    await form.getByLabel(messages.cohortSeatsLabel).fill('12');
    await form.getByLabel(messages.cohortSeatsLabel).press('Enter');
    await section.getByRole('row', { name: new RegExp(title) }).waitFor();
    expect(await section.getByRole('row', { name: new RegExp(title) }).textContent()).toContain(`1 March ${year}`);
    expect(await axeViolations(page)).toEqual([]);
  });
});
