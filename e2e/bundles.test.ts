import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { expect, test } from './support/browser';
import { signIn } from './support/users';

// Issue 34: a learner buys the demo bundle (three courses at one price) through the ordinary cart and
// the sandbox checkout, on a 360 px phone and a 1366 px laptop, with the keyboard where it matters.

const bundleId = '64a1f0c2b7e4d1a2c3e5b001';
const bundleTitle = "Trader's Starter Bundle";
const courseTitles = [
  'Price Action Foundations: Reading Naked Charts',
  'The 15-Minute Trend-Following System',
  'Futures Trading Essentials for Indian Markets',
];

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('buying a bundle', () => {
  for (const viewport of [
    { width: 360, height: 800 },
    { width: 1366, height: 800 },
  ]) {
    test(`at ${viewport.width} px: bundle page, cart line, pay, every course enrolled; axe-clean`, async ({
      page,
      context,
    }) => {
      await page.setViewportSize(viewport);
      await signIn(context);

      // The course page names the bundles that include the course; its link opens the bundle's page.
      await page.goto('/course-details/64a1f0c2b7e4d1a2c3e50001');
      const ofCourse = page.getByRole('region', { name: 'Also in these bundles' });
      await ofCourse.getByRole('link', { name: bundleTitle }).click();
      await page.waitForURL(new RegExp(`/bundles/${bundleId}$`));
      await page.getByRole('heading', { level: 1, name: bundleTitle }).waitFor();
      for (const title of courseTitles) await page.getByRole('link', { name: title }).waitFor();
      await expect(page.locator('.bundle-price').textContent()).resolves.toContain('14,999');
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      // Keyboard: the Add to Cart button is reached and pressed without a mouse.
      const add = page.getByRole('button', { name: 'Add to Cart' });
      await add.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/cart$/);
      const line = page.locator(`.cart-table tr[data-bundle="${bundleId}"]`);
      await line.waitFor();
      await expect(line.textContent()).resolves.toContain(bundleTitle);
      await expect(line.textContent()).resolves.toContain(courseTitles[0]);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Proceed to checkout' }).click();
      await page.waitForURL(/\/check-out$/);
      const order = page.getByRole('region', { name: 'YOUR ORDER' });
      await order.getByRole('cell', { name: bundleTitle }).waitFor();
      await page.getByLabel('First name').fill('Asha');
      await page.getByLabel('Last name').fill('Patel');
      await page.getByLabel('State').selectOption({ label: 'Gujarat' });
      await page.getByLabel('PIN code').fill('380015');
      await page.getByLabel('I have read this').check();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Place order' }).click();
      const widget = page.getByRole('dialog', { name: 'Sandbox payment (test mode)' });
      await widget.getByRole('button', { name: 'Pay ₹14,999.00' }).click();
      await page.waitForURL(/\/enrolled-courses$/, { timeout: 15_000 });
      // Every course of the bundle is enrolled, as the learner's own session asks the server.
      const enrolled = await page.evaluate(async () => {
        const res = await fetch('/api/enrolled-courses');
        return ((await res.json()) as { courses: { title: string }[] }).courses.map((course) => course.title);
      });
      expect(enrolled.sort()).toEqual([...courseTitles].sort());
    });
  }
});
