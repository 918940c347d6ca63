import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { baseURL, expect, test } from './support/browser';
import { createPlanWithoutTrial, subscribeInTestMode, unique } from './support/memberships';
import { addSessionCookie, createVerifiedUser, type E2EUser } from './support/users';

// Issue 34, the operator's console for memberships and bundles:
// - a bundle made in the console's Bundles page (keyboard only) is on sale: its own page and the course
//   page's "Also in these bundles";
// - the members of a plan: a learner subscribes through the sandbox's widget, then the operator opens the
//   plan's members from the plans list, sees the member with their charge, the CSV link, and pauses and
//   resumes the membership (each after a confirm); the learner's course closes and reopens.

const courseId = '64a1f0c2b7e4d1a2c3e50001';

const learnStatus = async (user: E2EUser) =>
  (await fetch(`${baseURL}/api/learn/${courseId}`, { headers: { cookie: `token=${user.token}` } })).status;

const bundledCourses = ['Price Action Foundations: Reading Naked Charts', 'The 15-Minute Trend-Following System'];

describe("the console's bundles", () => {
  for (const viewport of [
    { width: 360, height: 800 },
    { width: 1366, height: 900 },
  ]) {
    test(`at ${viewport.width} px: a bundle made in the console with the keyboard is on sale on its own page; axe-clean`, {
      timeout: 90_000,
    }, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      await addSessionCookie(context, createVerifiedUser({ role: 'admin' }));
      const title = `Chart Reader's Pair ${unique()}`;
      await page.goto('/admin');
      await page.getByRole('navigation', { name: 'Console sections' }).getByRole('link', { name: 'Bundles' }).click();
      await page.waitForURL(/\/admin\/bundles$/);
      await page.getByRole('heading', { level: 1, name: 'Bundles' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // A bundle of one course is refused by the form, named at the courses.
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Description', { exact: true }).fill('Two chart courses for the price of one and a half.');
      await page.getByLabel('Price (₹, GST included)').fill('5999');
      await page.getByLabel(bundledCourses[0] as string, { exact: true }).focus();
      await page.keyboard.press('Space');
      await page.getByLabel('Published: on sale, with its own page').focus();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Create bundle' }).focus();
      await page.keyboard.press('Enter');
      await page.locator('#bundle-courses-error', { hasText: 'at least 2' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await page.getByLabel(bundledCourses[1] as string, { exact: true }).focus();
      await page.keyboard.press('Space');
      await page.getByRole('button', { name: 'Create bundle' }).focus();
      await page.keyboard.press('Enter');
      await page.locator('.toast', { hasText: `Bundle ${title} is saved.` }).waitFor();
      const row = page.locator('tr', { hasText: title });
      await row.waitFor();
      await expect(row.textContent()).resolves.toContain('₹5,999.00');
      await expect(row.textContent()).resolves.toContain('Published');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      // On sale: the row's link opens the bundle's own page, with its courses and price.
      await row.getByRole('link', { name: title }).click();
      await page.waitForURL(/\/bundles\/[a-f0-9]{24}$/);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      for (const course of bundledCourses) await page.getByRole('link', { name: course }).waitFor();
      await expect(page.locator('.bundle-price').textContent()).resolves.toContain('5,999');
      const res = await fetch(`${baseURL}/api/bundles`);
      const listed = (await res.json()) as { bundles: { title: string }[] };
      expect(listed.bundles.map((bundle) => bundle.title)).toContain(title);
    });
  }
});

describe("the console's plan members", () => {
  test('members from the plans list: the member and charge, CSV link, pause then resume with a confirm; axe-clean', {
    timeout: 90_000,
  }, async ({ page, context }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const admin = createVerifiedUser({ role: 'admin' });
    const plan = await createPlanWithoutTrial(admin, courseId, 'Members Room');
    const learner = createVerifiedUser();
    await addSessionCookie(context, learner);
    await subscribeInTestMode(page, plan.id);
    expect(await learnStatus(learner)).toBe(200);

    await context.clearCookies();
    await addSessionCookie(context, admin);
    await page.goto('/admin/plans');
    await page.getByRole('link', { name: `Members of ${plan.title}` }).click();
    await page.waitForURL(new RegExp(`/admin/plans/${plan.id}/members$`));
    await page.getByRole('heading', { level: 1, name: 'Plan members' }).waitFor();
    const row = page.locator('tr', { hasText: learner.email });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('active');
    await expect(row.textContent()).resolves.toContain('₹499.00');
    await row.getByRole('button', { name: /^Refund ₹499\.00 paid on/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Members (CSV)' }).getAttribute('href')).toBe(
      `/api/admin/plans/${plan.id}/members?format=csv`,
    );
    expect(await axeViolations(page)).toEqual([]);

    const asked: string[] = [];
    page.on('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await row.getByRole('button', { name: /^Pause / }).click();
    await page.locator('.toast', { hasText: 'The membership is paused.' }).waitFor();
    await row.getByRole('button', { name: /^Resume / }).waitFor();
    expect(asked[0]).toContain('Pause');
    expect(await learnStatus(learner)).toBe(403);
    await row.getByRole('button', { name: /^Resume / }).click();
    await page.locator('.toast', { hasText: 'The membership is running again.' }).waitFor();
    await row.getByRole('button', { name: /^Pause / }).waitFor();
    expect(await learnStatus(learner)).toBe(200);
    expect(await axeViolations(page)).toEqual([]);
  });
});
