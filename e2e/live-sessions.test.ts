import type { BrowserContext, Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { allowFailedResources, baseURL, expect, test } from './support/browser';
import { unique } from './support/memberships';
import { addSessionCookie, createVerifiedUser, type E2EUser, grantCourse, signIn } from './support/users';

// Issue 35, live sessions in the browser: the learner's Upcoming live sessions (times in India time, Join
// inside the window opening the meeting in a new tab, the time left outside it, the .ics file and the
// Google Calendar link), a session moved while the page is open (the server's 409 shown with the time
// left), and the operator scheduling a weekly series through the console's form.

const course = { id: '64a1f0c2b7e4d1a2c3e50002', title: 'The 15-Minute Trend-Following System' };
const otherCourseId = '64a1f0c2b7e4d1a2c3e50001';
const MINUTE = 60_000;
const viewports = [
  { width: 360, height: 800 },
  { width: 1366, height: 900 },
];

/** A console call as the admin's browser makes it (session cookie, the shop's own Origin). */
async function adminCall(admin: E2EUser, method: 'POST' | 'PATCH', path: string, body: object) {
  const res = await fetch(`${baseURL}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: `token=${admin.token}`, origin: new URL(baseURL).origin },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(method === 'POST' ? 201 : 200);
  return json;
}

/** A one-off Jitsi session for a course's learners, starting `minutesAhead` from now, scheduled through the console's API. */
async function scheduleSession(admin: E2EUser, title: string, minutesAhead: number, courseId = course.id) {
  const json = await adminCall(admin, 'POST', '/api/admin/live-sessions', {
    title,
    description: 'The first half hour, read live.',
    startsAt: new Date(Date.now() + minutesAhead * MINUTE).toISOString(),
    durationMinutes: 60,
    audience: { courseId },
  });
  return json.session.id as string;
}

/** The meeting's server answers a blank page: the test never loads an outside site. */
async function stubMeetingServer(context: BrowserContext) {
  await context.route('https://meet.jit.si/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>meeting</title>' }),
  );
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
/** A card's button or link, named by its text and (hidden, for a screen reader) the session's title. */
const named = (label: string, title: string) => new RegExp(`^${label}\\W+${title}$`);

describe('upcoming live sessions', () => {
  for (const viewport of viewports) {
    test(`at ${viewport.width} px: a learner of the course joins inside the window, sees the time left outside it, gets the .ics; axe-clean`, {
      timeout: 90_000,
    }, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      await stubMeetingServer(context);
      const admin = createVerifiedUser({ role: 'admin' });
      const soon = `Market open ${unique()}`;
      const later = `Evening review ${unique()}`;
      const notMine = `Other course ${unique()}`;
      await scheduleSession(admin, soon, 5);
      await scheduleSession(admin, later, 180);
      await scheduleSession(admin, notMine, 5, otherCourseId);
      const learner = await signIn(context);
      grantCourse(learner.id, course.id);

      await page.goto('/profile');
      await page
        .getByRole('navigation', { name: 'Dashboard', includeHidden: true })
        .getByRole('link', { name: 'Upcoming live sessions', includeHidden: true })
        .waitFor({ state: 'attached' });
      await page.goto('/dashboard/live-sessions');
      await page.getByRole('heading', { level: 1, name: 'Upcoming live sessions' }).waitFor();
      const soonCard = page.getByRole('article', { name: soon });
      const laterCard = page.getByRole('article', { name: later });
      await soonCard.waitFor();
      await laterCard.waitFor();
      // Soonest first; only the sessions of the learner's own course.
      const titles = await page.getByRole('article').locator('h3').allTextContents();
      expect(titles.indexOf(soon)).toBeLessThan(titles.indexOf(later));
      expect(titles).not.toContain(notMine);
      await soonCard.getByText(course.title, { exact: true }).waitFor();
      await expect(soonCard.locator('dd').nth(1).textContent()).resolves.toMatch(/^[A-Z][a-z]{2}, \d{1,2} .* IST$/);
      const viewerZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
      expect(await soonCard.getByText('Your time', { exact: true }).count()).toBe(
        viewerZone === 'Asia/Kolkata' ? 0 : 1,
      );

      // Outside the window: the time left (opens 15 minutes before the start), no Join.
      await laterCard.getByText(/^Join opens in 2 h 4\d min$/).waitFor();
      expect(await laterCard.getByRole('button').count()).toBe(0);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      // Inside the window: Join asks the server, which answers the room's address, opened in a new tab.
      const join = soonCard.getByRole('button', { name: named('Join', soon) });
      await join.focus();
      const [answer, meeting] = await Promise.all([
        page.waitForResponse((res) => res.url().endsWith('/join') && res.request().method() === 'POST'),
        context.waitForEvent('page'),
        page.keyboard.press('Enter'),
      ]);
      expect(answer.status()).toBe(200);
      const { url } = (await answer.json()) as { url: string };
      expect(url).toMatch(/^https:\/\/meet\.jit\.si\/[\w-]{12,}$/);
      await meeting.waitForLoadState('domcontentloaded');
      expect(meeting.url()).toBe(url);
      await meeting.close();
      expect(await soonCard.getByRole('link', { name: named('Open the meeting', soon) }).getAttribute('href')).toBe(
        url,
      );

      // The calendar file: text/calendar with the session's title, and never the meeting's address.
      const ics = soonCard.getByRole('link', { name: named('Add to calendar \\(\\.ics\\)', soon) });
      expect(await ics.getAttribute('download')).not.toBeNull();
      const file = await page.evaluate(
        async (href) => {
          const res = await fetch(href);
          return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
        },
        (await ics.getAttribute('href')) as string,
      );
      expect(file.status).toBe(200);
      expect(file.type).toMatch(/^text\/calendar/);
      expect(file.text).toContain(`SUMMARY:${soon}`);
      expect(file.text).toContain('/dashboard/live-sessions');
      expect(file.text).not.toContain(new URL(url).pathname.slice(1));

      // Google Calendar: the title and the UTC times; the shop's page in the details, not the meeting.
      const google = new URL(
        (await soonCard
          .getByRole('link', { name: named('Add to Google Calendar', soon) })
          .getAttribute('href')) as string,
      );
      expect(google.origin + google.pathname).toBe('https://calendar.google.com/calendar/render');
      expect(google.searchParams.get('text')).toBe(soon);
      expect(google.searchParams.get('dates')).toMatch(/^\d{8}T\d{6}Z\/\d{8}T\d{6}Z$/);
      expect(google.searchParams.get('details')).toContain(`${baseURL}/dashboard/live-sessions`);
      expect(google.searchParams.get('details')).not.toContain('meet.jit.si');
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('a session moved later while the page is open: Join is refused with the time left, and the new time is shown', {
    timeout: 60_000,
  }, async ({ page, context, consoleErrors }) => {
    await stubMeetingServer(context);
    const admin = createVerifiedUser({ role: 'admin' });
    const title = `Moved session ${unique()}`;
    const id = await scheduleSession(admin, title, 5);
    const learner = await signIn(context);
    grantCourse(learner.id, course.id);
    await page.goto('/dashboard/live-sessions');
    const card = page.getByRole('article', { name: title });
    const join = card.getByRole('button', { name: named('Join', title) });
    await join.waitFor();
    const before = await card.locator('dd').nth(1).textContent();

    await adminCall(admin, 'PATCH', `/api/admin/live-sessions/${id}`, {
      startsAt: new Date(Date.now() + 120 * MINUTE).toISOString(),
    });
    const [answer] = await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/join') && res.request().method() === 'POST'),
      join.click(),
    ]);
    expect(answer.status()).toBe(409);
    const alert = card.getByRole('alert');
    await alert.getByText(/^The join link opens 15 minutes before the start\. Join opens in 1 h 4\d min\.$/).waitFor();
    expect(await card.getByRole('button').count()).toBe(0);
    expect(page.context().pages()).toHaveLength(1);
    await expect.poll(() => card.locator('dd').nth(1).textContent()).not.toBe(before);
    expect(await axeViolations(page)).toEqual([]);
    allowFailedResources(consoleErrors, 409);
  });
});

describe("a course's sessions where its learner is", () => {
  test("the course page and the player list the learner's next sessions of that course, linking the page where Join is; axe-clean", {
    timeout: 60_000,
  }, async ({ page, context }) => {
    const admin = createVerifiedUser({ role: 'admin' });
    const title = `Course question time ${unique()}`;
    const otherTitle = `Not this course ${unique()}`;
    await scheduleSession(admin, title, 5);
    await scheduleSession(admin, otherTitle, 5, otherCourseId);
    const learner = await signIn(context);
    grantCourse(learner.id, course.id);
    grantCourse(learner.id, otherCourseId);

    await page.goto(`/course-details/${course.id}`);
    const onCoursePage = page.getByRole('region', { name: 'Upcoming live sessions' });
    await onCoursePage.getByText(title).waitFor();
    expect(await onCoursePage.getByText(otherTitle).count()).toBe(0);
    await onCoursePage.getByText('open to join now').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto(`/learn/${course.id}`);
    const inPlayer = page.getByRole('region', { name: 'Upcoming live sessions' });
    await inPlayer.getByText(title).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await inPlayer.getByRole('link', { name: 'All your live sessions, and Join' }).click();
    await page.getByRole('heading', { level: 1, name: 'Upcoming live sessions' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/live-sessions');
  });
});

describe("the console's live sessions", () => {
  for (const viewport of viewports) {
    test(`at ${viewport.width} px: the operator schedules a weekly series with the form, sees it listed, its attendance, cancels one; axe-clean`, {
      timeout: 90_000,
    }, async ({ page, context, consoleErrors }) => {
      await page.setViewportSize(viewport);
      await addSessionCookie(context, createVerifiedUser({ role: 'admin' }));
      const title = `Question time ${unique()}`;
      await page.goto('/admin');
      await page
        .getByRole('navigation', { name: 'Console sections' })
        .getByRole('link', { name: 'Live sessions' })
        .click();
      await page.waitForURL(/\/admin\/live-sessions$/);
      await page.getByRole('heading', { level: 1, name: 'Live sessions' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      // No audience: the form says so without asking the server.
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      const create = page.getByRole('button', { name: 'Create session' });
      await create.click();
      await page
        .locator('#live-audience-error', { hasText: 'Choose a course, a membership plan or a cohort.' })
        .waitFor();
      expect(posts).toEqual([]);

      // The server's field messages go under the fields: no title, then a start in the past.
      const indiaLocal = (ms: number) => new Date(ms + 330 * MINUTE).toISOString().slice(0, 16);
      await page.getByLabel('Audience').selectOption({ label: course.title });
      await page.getByLabel('Start (India time, IST)').fill(indiaLocal(Date.now() - 86_400_000));
      await create.click();
      await page.locator('#live-title-error', { hasText: 'a title is required' }).waitFor();
      expect(await page.locator('#live-audience-error').count()).toBe(0);
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByLabel('Description', { exact: true }).fill('Ask about any lesson.');
      await page.getByLabel('Duration (minutes)').fill('45');
      await create.click();
      await page.locator('#live-startsAt-error', { hasText: 'The start must be in the future.' }).waitFor();
      expect(await page.locator('#live-title-error').count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      allowFailedResources(consoleErrors, 400);

      // Every Monday and Thursday for two weeks, on a pasted Zoom link, by keyboard.
      await page.getByLabel('Start (India time, IST)').fill(indiaLocal(Date.now() + 2 * 86_400_000));
      await page.getByLabel('Repeat weekly').focus();
      await page.keyboard.press('Space');
      await page.getByLabel('Mon', { exact: true }).check();
      await page.getByLabel('Thu', { exact: true }).check();
      await page.getByLabel('For how many weeks').fill('2');
      await page.getByLabel('Paste a Zoom / Google Meet link').check();
      await page.getByLabel('Meeting link').fill('https://zoom.us/j/1234567890');
      expect(await axeViolations(page)).toEqual([]);
      await create.focus();
      await page.keyboard.press('Enter');
      await page.locator('.toast', { hasText: `4 sessions of ${title} are scheduled.` }).waitFor();
      const rows = page.locator('tr', { hasText: title });
      await expect.poll(() => rows.count()).toBe(4);
      await expect(rows.first().textContent()).resolves.toContain(course.title);
      await expect(rows.first().textContent()).resolves.toContain('Pasted link');
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      // Attendance: nobody yet, and its CSV.
      await rows
        .first()
        .getByRole('button', { name: /^Attendance of / })
        .click();
      const attendance = page.getByRole('region', { name: `Attendance: ${title}` });
      await attendance.getByText('Nobody has joined yet.').waitFor();
      expect(await attendance.getByRole('link', { name: 'Attendance (CSV)' }).getAttribute('href')).toMatch(
        /^\/api\/admin\/live-sessions\/[a-f0-9]{24}\/attendance\?format=csv$/,
      );
      expect(await axeViolations(page)).toEqual([]);

      // Cancel one occurrence after a confirm: three are left.
      page.once('dialog', (dialog) => void dialog.accept());
      await rows
        .first()
        .getByRole('button', { name: /^Cancel / })
        .click();
      await page.locator('.toast', { hasText: `${title} is cancelled.` }).waitFor();
      await expect.poll(() => rows.count()).toBe(3);
    });
  }
});
