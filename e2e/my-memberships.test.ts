import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { allowFailedResources, expect, test } from './support/browser';
import { createPlanWithoutTrial, subscribeInTestMode, tickLabel } from './support/memberships';
import { createVerifiedUser, signIn } from './support/users';

// Issue 34, the learner's side of memberships: Subscribe on a plan's page (the disclaimer's tick, Razorpay
// Checkout's sandbox widget, verify), My Memberships in the dashboard (status, next charge, cancel at
// period end in one click, access until the end), and a member opening an included course in the player.

const demoPlan = { id: '64a1f0c2b7e4d1a2c3e5c001', title: "Trader's Club" };
const priceAction = { id: '64a1f0c2b7e4d1a2c3e50001', title: 'Price Action Foundations: Reading Naked Charts' };
const mandate =
  'Charged ₹999.00 every month until you cancel; your UPI Autopay or card mandate allows at most ₹999.00 per month.';
const day = /\d{1,2} [A-Z][a-z]{2} \d{4}/;

/** A membership's button, named by its action and (for a screen reader, in hidden text) its plan. */
const action = (label: string, plan: string) =>
  new RegExp(`^${label}\\W+${plan.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The player opens the course's lessons: a member is not asked to buy it. */
async function expectPlayerOpens(page: Page, courseId: string) {
  await page.goto(`/learn/${courseId}`);
  // The lesson's title; the outline is behind its menu button on a phone.
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.getByRole('navigation', { name: 'Course outline', includeHidden: true }).waitFor({ state: 'attached' });
  expect(await page.getByText('You are not enrolled in this course').count()).toBe(0);
}

describe('subscribing to a membership', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 360, height: 800 },
  ]) {
    test(`at ${viewport.width} px: the demo plan, tick, authorise in the sandbox, My Memberships, an included course opens; axe-clean`, {
      timeout: 60_000,
    }, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      await signIn(context);
      await page.goto(`/memberships/${demoPlan.id}`);
      await page.getByRole('heading', { level: 1, name: demoPlan.title }).waitFor();
      const side = page.getByRole('complementary', { name: 'Price and mandate' });
      await side.getByText(mandate, { exact: true }).waitFor();

      // Without the tick nothing is asked of the server: the box is named and takes the focus.
      const subscribe = side.getByRole('button', { name: 'Subscribe', exact: true });
      await subscribe.click();
      await side
        .getByText('Please tick the box above to confirm you have read it before subscribing.', { exact: true })
        .waitFor();
      const tick = side.getByLabel(tickLabel);
      expect(await tick.evaluate((box) => box === document.activeElement)).toBe(true);
      expect(await tick.getAttribute('aria-invalid')).toBe('true');
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      // By keyboard: Space ticks, Enter subscribes.
      await page.keyboard.press('Space');
      await subscribe.focus();
      await page.keyboard.press('Enter');
      const widget = page.getByRole('dialog', { name: 'Sandbox payment (test mode)' });
      await widget.getByText(demoPlan.title).waitFor();
      await widget.getByRole('button', { name: 'Authorise subscription' }).click();
      await page.locator('.toast', { hasText: 'Your membership has started. Welcome!' }).waitFor();
      await page.waitForURL(/\/my-memberships$/);

      await page.getByRole('heading', { level: 1, name: 'My Memberships' }).waitFor();
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Memberships' }).waitFor();
      const card = page.getByRole('article', { name: demoPlan.title });
      await card.getByText('Free trial (payment method authorised)', { exact: true }).waitFor();
      // The trial's end is the first charge: the plan's price on a date.
      const next = await card.locator('dd').nth(1).textContent();
      expect(next).toMatch(new RegExp(`^₹999\\.00 on ${day.source}$`));
      await card.getByText('No charges yet.').waitFor();
      await card.getByRole('button', { name: action('Cancel at period end', demoPlan.title) }).waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      await expectPlayerOpens(page, priceAction.id);
    });
  }

  test('a visitor is sent to sign in and comes back to the plan', async ({ page }) => {
    await page.goto(`/memberships/${demoPlan.id}`);
    const link = page.getByRole('link', { name: 'Sign in to subscribe' });
    await link.click();
    await page.waitForURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(`/memberships/${demoPlan.id}`);
  });

  test('a member subscribing again is told so, with a link to My Memberships', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await signIn(context);
    await subscribeInTestMode(page, demoPlan.id);
    await page.goto(`/memberships/${demoPlan.id}`);
    await page.getByLabel(tickLabel).check();
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    const note = page.getByRole('alert').filter({ hasText: 'You already have this membership' });
    await note.waitFor();
    expect(await page.getByRole('dialog', { name: 'Sandbox payment (test mode)' }).count()).toBe(0);
    await note.getByRole('link', { name: 'Go to My Memberships' }).click();
    await page.waitForURL(/\/my-memberships$/);
    await page.getByRole('article', { name: demoPlan.title }).waitFor();
    allowFailedResources(consoleErrors, 409);
  });
});

describe('My Memberships', () => {
  for (const viewport of [
    { width: 1366, height: 900 },
    { width: 360, height: 800 },
  ]) {
    test(`at ${viewport.width} px: cancel at period end in one click; access until the end, the course still opens; axe-clean`, {
      timeout: 60_000,
    }, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      const plan = await createPlanWithoutTrial(createVerifiedUser({ role: 'admin' }), priceAction.id, 'Chart Room');
      await signIn(context);
      await subscribeInTestMode(page, plan.id);
      const card = page.getByRole('article', { name: plan.title });
      await card.getByText('Active', { exact: true }).waitFor();
      expect(await card.locator('dd').nth(1).textContent()).toMatch(new RegExp(`^₹499\\.00 on ${day.source}$`));

      await card.getByRole('button', { name: action('Cancel at period end', plan.title) }).click();
      await page.locator('.toast', { hasText: 'Cancelled: no more charges.' }).waitFor();
      await card.getByText('Cancelled: ends at the end of the paid period', { exact: true }).waitFor();
      const until = card.locator('.membership-until');
      expect(await until.textContent()).toMatch(new RegExp(`^Access until ${day.source}$`));
      // No next charge and nothing left to cancel.
      expect(await card.getByText('Next charge').count()).toBe(0);
      expect(await card.getByRole('button', { name: /Cancel at period end/ }).count()).toBe(0);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      // What the page says is what the server holds, after a reload too.
      await page.reload();
      await card.getByText('Cancelled: ends at the end of the paid period', { exact: true }).waitFor();
      await expectPlayerOpens(page, priceAction.id);
    });
  }

  test('resume before the end: a new authorisation in the sandbox, the resumed membership charges again', {
    timeout: 60_000,
  }, async ({ page, context }) => {
    const plan = await createPlanWithoutTrial(createVerifiedUser({ role: 'admin' }), priceAction.id, 'Chart Room');
    await signIn(context);
    await subscribeInTestMode(page, plan.id);
    const cards = page.getByRole('article', { name: plan.title });
    await cards.getByRole('button', { name: action('Cancel at period end', plan.title) }).click();
    await cards.getByText('Cancelled: ends at the end of the paid period', { exact: true }).waitFor();

    await cards.getByRole('button', { name: action('Resume membership', plan.title) }).click();
    const widget = page.getByRole('dialog', { name: 'Sandbox payment (test mode)' });
    await widget.getByRole('button', { name: 'Authorise subscription' }).click();
    await page.locator('.toast', { hasText: 'Your membership is resumed.' }).waitFor();
    // The new one charges from the old one's period end; the old one runs out with nothing left to do.
    const resumed = cards.filter({ has: page.getByText('Next charge') });
    expect(await resumed.locator('dd').nth(1).textContent()).toMatch(new RegExp(`^₹499\\.00 on ${day.source}$`));
    await resumed.getByRole('button', { name: action('Cancel at period end', plan.title) }).waitFor();
    expect(await page.getByRole('button', { name: /Resume membership/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await expectPlayerOpens(page, priceAction.id);
  });
});
