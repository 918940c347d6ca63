import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { allowFailedResources, baseURL, expect, test } from './support/browser';
import { signIn } from './support/users';

// Issue 34, the web side of membership plans: the public list and a plan's page (what it includes, its
// price per period, the mandate in plain words, the disclaimer), the course page's list of the plans
// that include the course, and the console's plan editor with the ₹15,000 e-mandate warning.

const demoPlan = "Trader's Club";
const courseId = '64a1f0c2b7e4d1a2c3e50001';
const mandate =
  'Charged ₹999.00 every month until you cancel; your UPI Autopay or card mandate allows at most ₹999.00 per month.';
const disclaimer = 'Education only, not investment advice.';

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

describe('membership plans for visitors', () => {
  for (const viewport of [
    { width: 360, height: 800 },
    { width: 1366, height: 800 },
  ]) {
    test(`at ${viewport.width} px: the list, then the demo plan's page by keyboard; axe-clean`, async ({ page }) => {
      await page.setViewportSize(viewport);
      // The footer names the memberships on every page.
      await page.goto('/');
      await page.locator('footer').getByRole('link', { name: 'Memberships' }).click();
      await page.waitForURL(/\/memberships$/);
      await page.getByRole('heading', { level: 1, name: 'Memberships' }).waitFor();
      const card = page.locator('.plan-card', { hasText: demoPlan });
      await card.waitFor();
      await expect(card.locator('.plan-price').textContent()).resolves.toBe('₹999.00 per month');
      await expect(card.textContent()).resolves.toContain('The first 7 days are free');
      await expect(card.textContent()).resolves.toContain('Every course, including future ones');
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      const title = card.getByRole('link', { name: demoPlan, exact: true });
      await title.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/memberships\/[^/]+$/);
      await page.getByRole('heading', { level: 1, name: demoPlan }).waitFor();
      const includes = page.locator('.plan-includes');
      for (const item of ['Every course, including future ones', 'Live market sessions', "The members' community"]) {
        await includes.getByText(item, { exact: true }).waitFor();
      }
      // The courses it includes now link to their pages.
      await page
        .locator('.plan-courses')
        .getByRole('link', { name: 'Price Action Foundations: Reading Naked Charts' })
        .waitFor();
      const side = page.getByRole('complementary', { name: 'Price and mandate' });
      await expect(side.locator('.plan-price').textContent()).resolves.toBe('₹999.00 per month');
      await side.getByText(mandate, { exact: true }).waitFor();
      await side.getByText('The first 7 days are free: the first charge is made when they end.').waitFor();
      await page.getByRole('note').filter({ hasText: disclaimer }).waitFor();
      // A visitor is offered to sign in first (subscribing itself: e2e/my-memberships.test.ts).
      expect(await side.getByRole('link', { name: 'Sign in to subscribe' }).getAttribute('href')).toMatch(
        /^\/login\?next=%2Fmemberships%2F/,
      );
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('a course page names the plans that include it and links to each', async ({ page }) => {
    await page.goto(`/course-details/${courseId}`);
    const plans = page.getByRole('region', { name: 'Included in these memberships' });
    const link = plans.getByRole('link', { name: demoPlan });
    await link.waitFor();
    await expect(plans.textContent()).resolves.toContain('₹999.00 per month');
    await link.click();
    await page.waitForURL(/\/memberships\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: demoPlan }).waitFor();
  });

  test('an unknown or malformed plan id shows the not-found state', async ({ page, consoleErrors }) => {
    for (const id of ['64a1f0c2b7e4d1a2c3e5ffff', 'no-such-plan']) {
      await page.goto(`/memberships/${id}`);
      await page.getByRole('heading', { level: 1, name: 'Membership not found' }).waitFor();
      await page.locator('.not-found').getByRole('link', { name: 'Memberships' }).waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);
    // The browser logs the API's 404 (and 400 for a malformed id); the page shows its own state instead.
    allowFailedResources(consoleErrors, 404);
    allowFailedResources(consoleErrors, 400);
  });
});

describe("the console's plan editor", () => {
  test('the owner creates a plan above ₹15,000, sees the e-mandate warning, then edits it', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(context, { role: 'admin' });
    const title = `Options Desk ${unique()}`;
    await page.goto('/admin');
    await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Memberships' }).click();
    await page.getByRole('heading', { level: 1, name: 'Membership plans' }).waitFor();

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Description', { exact: true }).fill('Every options course and the members’ community.');
    await page.getByLabel('Price per period (₹, GST included)').fill('20000');
    await page.getByLabel('Charged', { exact: true }).selectOption('quarter');
    await page.getByLabel("The members' community").check();
    await page.getByLabel('Published: shown on the memberships page').check();
    await page.getByRole('button', { name: 'Create plan' }).click();

    const warning = page.getByRole('status').filter({ hasText: `Saved ${title}, with a warning` });
    await warning.waitFor();
    await expect(warning.textContent()).resolves.toContain('15,000');
    const row = page.getByRole('row', { name: new RegExp(title) });
    await row.waitFor();
    // The form is empty again for the next plan.
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    await expect(row.getByRole('cell').nth(1).textContent()).resolves.toBe('₹20,000.00 a quarter');
    expect(await axeViolations(page)).toEqual([]);

    // The visitor's list shows the published plan with its price per quarter.
    const listed = await (await fetch(`${baseURL}/api/plans`)).json();
    expect(listed.plans.find((plan: { title: string }) => plan.title === title)).toMatchObject({
      price: 20000,
      period: 'quarter',
      allCourses: true,
      community: true,
    });

    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { level: 2, name: `Edit plan ${title}` }).waitFor();
    await page.getByLabel('Price per period (₹, GST included)').fill('1499');
    await page.getByRole('button', { name: 'Save plan' }).click();
    await row.getByRole('cell', { name: '₹1,499.00 a quarter', exact: true }).waitFor();
    await page
      .locator('.toast', { hasText: `Plan ${title} is saved.` })
      .last()
      .waitFor();
    // Under ₹15,000 the save warns of nothing.
    expect(await page.locator('.plan-warnings').count()).toBe(0);
    await page.getByRole('heading', { level: 2, name: 'New plan' }).waitFor();
  });
});
