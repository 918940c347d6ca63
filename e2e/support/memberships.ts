import type { Page } from 'playwright-core';
import { baseURL, expect } from './browser';
import type { E2EUser } from './users';

/** The education-only acknowledgement a learner ticks before subscribing. */
export const tickLabel = 'I have read this: the courses are education only, not investment advice.';

/** A name no other run has, for what the tests make (plans, bundles, courses). */
export const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A published monthly plan of one course at ₹499 without a trial (its first charge is taken at once), made
 * through the console's API as the admin's browser; titled `titlePrefix` and a unique tail.
 */
export async function createPlanWithoutTrial(
  admin: E2EUser,
  courseId: string,
  titlePrefix: string,
): Promise<{ id: string; title: string }> {
  const title = `${titlePrefix} ${unique()}`;
  const res = await fetch(`${baseURL}/api/admin/plans`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `token=${admin.token}`, origin: new URL(baseURL).origin },
    body: JSON.stringify({
      title,
      description: 'One course, charged monthly from the first day.',
      price: 499,
      period: 'month',
      trialDays: 0,
      allCourses: false,
      courseIds: [courseId],
      liveSessions: false,
      community: false,
      published: true,
    }),
  });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(201);
  return { id: json.plan.id, title };
}

/** On a plan's page: tick the acknowledgement, Subscribe, authorise in the sandbox's widget, land on My Memberships. */
export async function subscribeInTestMode(page: Page, planId: string) {
  await page.goto(`/memberships/${planId}`);
  await subscribeOnThisPage(page);
  await page.locator('.toast', { hasText: 'Your membership has started. Welcome!' }).waitFor();
  await page.waitForURL(/\/my-memberships$/);
}

/** On the page open (a plan's, an instalment offer's): tick, Subscribe and authorise in the sandbox's widget. */
export async function subscribeOnThisPage(page: Page) {
  await page.getByLabel(tickLabel).check();
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  const widget = page.getByRole('dialog', { name: 'Sandbox payment (test mode)' });
  await widget.getByText('TEST MODE').waitFor();
  await widget.getByRole('button', { name: 'Authorise subscription' }).click();
}
