import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { expect, test } from './support/browser';
import { signIn } from './support/users';

// Issue 16: a buyer from Pune with a GSTIN buys in test mode, then finds the order and its tax invoice on
// /orders; the disclaimer sits in the footer and on the course page and is ticked at checkout.

const optionsCourse = { id: '64a1f0c2b7e4d1a2c3e50004' };
const disclaimer = 'Education only, not investment advice.';

async function buyFromPune(page: Page) {
  await page.goto(`/course-details/${optionsCourse.id}`);
  await page.locator('.course-disclaimer', { hasText: disclaimer }).waitFor();
  await page.locator('.site-footer', { hasText: disclaimer }).waitFor();
  const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForURL(/\/cart$/);
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await page.getByRole('heading', { name: 'Billing Details' }).waitFor();
  await page.getByLabel('First name').fill('Rohan');
  await page.getByLabel('Last name').fill('Shah');
  await page.getByLabel('State').selectOption({ label: 'Maharashtra' });
  await page.getByLabel('PIN code').fill('380015');
  await page.getByLabel('Business name').fill('Shah Capital LLP');
  await page.getByLabel('GSTIN').fill('24AAACC1206D1ZM');
  await page.getByRole('button', { name: 'Place order' }).click();
  // Each rule speaks under its field, and nothing is charged until the tick is given.
  await page.getByText('This PIN code is not in the state you chose').waitFor();
  await page.getByText('The first two digits of the GSTIN must be the code of the state you chose').waitFor();
  await page.getByText('Please tick the box to confirm you have read this').waitFor();
  await page.getByLabel('PIN code').fill('411001');
  await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZV');
  await page.getByLabel('I have read this').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  const widget = page.getByRole('dialog', { name: 'Sandbox payment (test mode)' });
  await widget.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/enrolled-courses$/);
  return title;
}

describe('order history', () => {
  test('the buyer finds the order on /orders and downloads its tax invoice', async ({ page, context }) => {
    await signIn(context);
    const title = await buyFromPune(page);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Orders' }).click();
    await page.waitForURL(/\/orders$/);
    const row = page.getByRole('row', { name: new RegExp(title.slice(0, 20)) });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('Paid');
    expect(await row.getByRole('cell').nth(2).textContent()).toMatch(/^₹[\d,]+\.\d\d$/);
    const invoice = row.getByRole('link', { name: /^Invoice TS\/\d\d-\d\d\/\d{6}$/ });
    const [download] = await Promise.all([page.waitForEvent('download'), invoice.click()]);
    expect(download.suggestedFilename()).toMatch(/^TS-\d\d-\d\d-\d{6}\.pdf$/);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a learner without orders is told so; at 360 px the page is no wider than the screen', async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(context);
    await page.goto('/orders');
    await page.getByText('You have no orders yet.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
