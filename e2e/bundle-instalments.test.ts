import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { baseURL, expect, test } from './support/browser';
import { createBundleAs, offerBundleInInstalments, pairedCourses } from './support/bundles';
import { subscribeOnThisPage } from './support/memberships';
import { addSessionCookie, createVerifiedUser, type E2EUser } from './support/users';

// Issue 34, a bundle offered as N monthly payments, as the operator and a learner meet it: the operator sets
// the offer in the console's bundle editor (the course editor's Instalments box), the bundle's page shows it
// under the price, its own page says the courses, the total and the mandate, the learner pays the first in
// the sandbox's widget, every course of the bundle opens, and My Memberships links the item to the bundle.

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const learnStatus = async (user: E2EUser, courseId: string) =>
  (await fetch(`${baseURL}/api/learn/${courseId}`, { headers: { cookie: `token=${user.token}` } })).status;

/** From the bundle's page, by the keyboard, to its offer's page. */
async function openOffer(page: Page, bundle: { id: string; title: string }, option: string) {
  await page.goto(`/bundles/${bundle.id}`);
  await page.getByRole('heading', { level: 1, name: bundle.title }).waitFor();
  await page.getByRole('link', { name: option }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(new RegExp(`/instalments/bundles/${bundle.id}$`));
}

describe('a bundle in instalments', () => {
  test('at 360 px: the offer from the bundle page, its courses, total and mandate, sign in to subscribe; axe-clean', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const bundle = await createBundleAs(createVerifiedUser({ role: 'admin' }), 'Trend and Futures Pair');
    await offerBundleInInstalments(createVerifiedUser({ role: 'admin' }), bundle.id, 4, 1600);
    await openOffer(page, bundle, 'or 4 × ₹1,600.00 a month');
    await page.getByRole('heading', { level: 1, name: `${bundle.title} in 4 monthly payments` }).waitFor();
    await page.getByRole('link', { name: bundle.title, exact: true }).waitFor();
    for (const course of pairedCourses) await page.getByRole('link', { name: course.title }).waitFor();
    await page.getByText('4 payments of ₹1,600.00, ₹6,400.00 in all.', { exact: false }).waitFor();
    const side = page.getByRole('complementary', { name: 'Price and mandate' });
    await side
      .getByText(
        'Charged ₹1,600.00 every month, 4 times in all; your UPI Autopay or card mandate allows at most ₹1,600.00',
        {
          exact: false,
        },
      )
      .waitFor();
    await side.getByRole('link', { name: 'Sign in to subscribe' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the operator sets the offer in the bundle editor; a learner pays the first of 3, both courses open, My Memberships links the bundle', {
    timeout: 90_000,
  }, async ({ page, context }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const admin = createVerifiedUser({ role: 'admin' });
    const bundle = await createBundleAs(admin, 'Trend and Futures Pair');
    const offerTitle = `${bundle.title} in 3 monthly payments`;

    // The console: Edit the bundle, and its Instalments box (the course editor's) sets 3 × ₹2,100.
    await addSessionCookie(context, admin);
    await page.goto('/admin/bundles');
    await page.getByRole('button', { name: `Edit ${bundle.title}` }).click();
    const box = page.getByRole('form', { name: 'Instalments' });
    await box.getByText('Offer the bundle as 2 to 12 monthly payments', { exact: false }).waitFor();
    await box.getByLabel('Number of monthly payments').fill('3');
    await box.getByLabel('Each payment (₹, GST included)').fill('2100');
    await box.getByRole('button', { name: 'Save instalments' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.toast', { hasText: 'Instalments saved.' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const saved = await fetch(`${baseURL}/api/bundles/${bundle.id}`);
    expect(((await saved.json()) as { bundle: { instalments: unknown } }).bundle.instalments).toMatchObject({
      count: 3,
      amount: 2100,
    });

    // A learner: the bundle's page, its offer, the tick, Subscribe, the sandbox's widget.
    await context.clearCookies();
    const learner = createVerifiedUser();
    await addSessionCookie(context, learner);
    for (const course of pairedCourses) expect(await learnStatus(learner, course.id)).toBe(403);
    await openOffer(page, bundle, 'or 3 × ₹2,100.00 a month');
    await page.getByRole('heading', { level: 1, name: offerTitle }).waitFor();
    await page.getByText('3 payments of ₹2,100.00, ₹6,300.00 in all.', { exact: false }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await subscribeOnThisPage(page);
    await page.waitForURL(/\/my-memberships$/);

    // My Memberships: the item is titled by the offer and leads to the bundle's page.
    const item = page.getByRole('article', { name: offerTitle });
    await item.waitFor();
    expect(await item.getByRole('link', { name: offerTitle }).getAttribute('href')).toBe(`/bundles/${bundle.id}`);
    expect(await axeViolations(page)).toEqual([]);
    for (const course of pairedCourses) expect(await learnStatus(learner, course.id)).toBe(200);
    await item.getByRole('link', { name: offerTitle }).click();
    await page.waitForURL(new RegExp(`/bundles/${bundle.id}$`));
    await page.getByRole('heading', { level: 1, name: bundle.title }).waitFor();
  });
});
