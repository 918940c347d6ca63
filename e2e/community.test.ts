import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { allowFailedResources, baseURL, expect, test } from './support/browser';
import { unique } from './support/memberships';
import { createVerifiedUser, type E2EUser, grantCourse, signIn } from './support/users';

// Issue 36, the community in the browser: a course's buyer opens Community from the dashboard menu, opens
// the course's space and asks a question with the keyboard; the operator replies (through the API, as another
// browser would) and the reply appears on the open thread without a reload (the space's event stream); the
// asker marks it as the answer; the asker reports a post; a thread the operator starts appears on the open space (an empty reason gets the server's field message).

const course = { id: '64a1f0c2b7e4d1a2c3e50002', title: 'The 15-Minute Trend-Following System' };
const viewports = [
  { width: 360, height: 800 },
  { width: 1366, height: 900 },
];

/** A post as the operator's browser sends it (session cookie, the shop's own Origin); 201 expected. */
async function postAs201(user: E2EUser, path: string, body: object) {
  const res = await fetch(`${baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `token=${user.token}`, origin: new URL(baseURL).origin },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('the community', () => {
  for (const viewport of viewports) {
    test(`at ${viewport.width} px: ask a question, get it answered live, mark the answer, report a post; keyboard, axe-clean`, {
      timeout: 120_000,
    }, async ({ page, context, consoleErrors }) => {
      await page.setViewportSize(viewport);
      const admin = createVerifiedUser({ role: 'admin' });
      const learner = await signIn(context);
      grantCourse(learner.id, course.id);

      // The dashboard menu leads to Community, which lists the course's space.
      await page.goto('/profile');
      const menuLink = page
        .getByRole('navigation', { name: 'Dashboard', includeHidden: true })
        .getByRole('link', { name: 'Community', includeHidden: true });
      await menuLink.waitFor({ state: 'attached' });
      await menuLink.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/community$/);
      await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
      const spaceLink = page.getByRole('link', { name: course.title, exact: true });
      await spaceLink.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await spaceLink.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/community\/spaces\/[0-9a-f]{24}$/);
      await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

      // A title too short: the server's field message under the field, nothing posted.
      const title = `Where do I put my stop ${unique()}?`;
      await page.getByLabel('Title').focus();
      await page.keyboard.type('No');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Below the last swing low, or a fixed percentage?');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect
        .poll(() => page.locator('#community-thread-title-error').textContent())
        .toBe('a title is at least 3 characters');
      expect(await page.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
      expect(await axeViolations(page)).toEqual([]);

      // Asked with the keyboard alone: the question is the default kind.
      expect(await page.getByRole('radio', { name: 'Question to the instructor' }).isChecked()).toBe(true);
      await page.getByLabel('Title').fill('');
      await page.getByLabel('Title').focus();
      await page.keyboard.type(title);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/community\/threads\/[0-9a-f]{24}$/);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const threadId = new URL(page.url()).pathname.split('/').pop() ?? '';
      await page.getByText('No replies yet.').waitFor();
      // The thread's page holds the space's event stream open before the operator replies.
      await expect
        .poll(() =>
          page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/events'))),
        )
        .toBe(true);

      // The operator's reply appears without a reload, its Markdown rendered by the server.
      const answer = `Below the swing low, **sized** so the loss is 1% ${unique()}`;
      await postAs201(admin, `/api/threads/${threadId}/replies`, { body: answer });
      const reply = page.locator('.community-replies > li').first();
      await reply.getByText(/Below the swing low/).waitFor({ timeout: 5_000 });
      expect(await reply.locator('strong').textContent()).toBe('sized');
      // Signed by the operator's name, marked as the shop's team.
      expect(await reply.locator('.community-operator').textContent()).toBe(admin.username);
      expect(await reply.locator('.community-meta .community-tag').allTextContents()).toEqual(['Team']);

      // The asker marks it as the answer: it is marked and named so.
      const mark = reply.getByRole('button', { name: 'Mark as answer' });
      await mark.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('article', { name: 'Answer' }).waitFor();
      await reply.getByRole('button', { name: 'Unmark answer' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // Reporting the reply: an empty reason is refused with the server's message, then a reason is sent.
      await reply.getByRole('button', { name: 'Report' }).click();
      await reply.getByRole('button', { name: 'Send report' }).click();
      await expect.poll(() => reply.locator('.community-error').textContent()).toBe('say why in a few words');
      await reply.getByLabel('Why are you reporting this post?').fill('It names a target price.');
      await reply.getByRole('button', { name: 'Send report' }).click();
      await reply.getByText('Thank you: the operator will look at this post.').waitFor();
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      // Back in the space, the question is listed, answered, with its reply.
      await page.getByRole('link', { name: 'Back to the space' }).click();
      const row = page.locator('.community-thread', { hasText: title });
      await row.getByText('Answered').waitFor();
      await row.getByText('Replies: 1').waitFor();

      // A thread the operator starts appears on the open space's list without a reload.
      const spaceId = new URL(page.url()).pathname.split('/').pop() ?? '';
      const news = `Tomorrow's session moves to 9:30 ${unique()}`;
      await postAs201(admin, `/api/spaces/${spaceId}/threads`, {
        title: news,
        body: 'See you there.',
        kind: 'discussion',
      });
      await page.getByRole('link', { name: news }).waitFor({ timeout: 5_000 });
      allowFailedResources(consoleErrors, 400);
    });
  }
});
