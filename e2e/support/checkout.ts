import type { Page } from 'playwright-core';

/**
 * A signed-in learner buys one course in test mode as a buyer would: course page, cart, checkout with a
 * Gujarat address, the sandbox widget's Pay. Ends on /enrolled-courses.
 */
export async function buyInTestMode(page: Page, courseId: string, name: { first: string; last: string }) {
  await page.goto(`/course-details/${courseId}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.waitForURL(/\/cart$/);
  await page.getByRole('button', { name: 'Proceed to checkout' }).click();
  await page.waitForURL(/\/check-out$/);
  await page.getByLabel('First name').fill(name.first);
  await page.getByLabel('Last name').fill(name.last);
  await page.getByLabel('State').selectOption({ label: 'Gujarat' });
  await page.getByLabel('PIN code').fill('380015');
  await page.getByLabel('I have read this').check();
  await page.getByRole('button', { name: 'Place order' }).click();
  const widget = page.getByRole('dialog', { name: 'Sandbox payment (test mode)' });
  await widget.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.waitForURL(/\/enrolled-courses$/);
}
