import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { allowFailedResources, expect, test } from './support/browser';

/** Layout shifts since the page began loading (the sum Lighthouse reports as CLS, without user input). */
async function watchLayoutShifts(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
}

describe('public pages drawn by the server (decision 0026)', () => {
  test('arrive drawn: the page reads before any script runs', async ({ context, page, consoleErrors }) => {
    const { courses } = (await (await page.request.get('/api/courses')).json()) as { courses: { title: string }[] };
    await context.route(/\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Never Stop Learning, Life Never Stop Growing' }).waitFor();
    const cards = await page.locator('.course-card-title').allTextContents();
    expect(new Set(cards)).toEqual(new Set(courses.map((course) => course.title)));
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    // The scripts this test keeps away from the page.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !error.includes('ERR_FAILED')));
  });

  test("a click on the login page's other ways to sign in, a course page's tab or the home page's FAQ, made before the page has hydrated, is not lost", async ({
    context,
    page,
  }) => {
    // A slow phone: the scripts arrive a second and a half after the drawn page. The drawn 'Forgot
    // password?' can do nothing until they run, so it waits (disabled) rather than swallow the click.
    await context.route(/\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('button', { name: 'Send reset link' }).waitFor({ timeout: 10_000 });
    // The same on a course page's tabs (e2e/player.test.ts's preview test lost its tab click so in CI).
    const { courses } = (await (await page.request.get('/api/courses')).json()) as { courses: { _id: string }[] };
    await page.goto(`/course-details/${courses[0]?._id}`, { waitUntil: 'commit' });
    await page.getByRole('tab', { name: 'Reviews' }).click();
    await page.getByRole('tab', { name: 'Reviews', selected: true }).waitFor({ timeout: 10_000 });
    // And on the home page's FAQ (e2e/home.test.ts's FAQ test lost its first click so).
    await page.goto('/', { waitUntil: 'commit' });
    const firstQuestion = page.locator('.home-faq .faq-question button').first();
    await firstQuestion.click();
    await expect.poll(() => firstQuestion.getAttribute('aria-expanded'), { timeout: 10_000 }).toBe('true');
  });

  test('the browser takes the drawn page over: no second catalogue request, nothing moves, links work', async ({
    page,
  }) => {
    const catalogueRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/courses')) catalogueRequests.push(request.url());
    });
    const shifts = await watchLayoutShifts(page);
    await page.goto('/courses');
    await page.getByRole('link', { name: 'login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(catalogueRequests).toEqual([]);
    expect(await shifts()).toBe(0);

    // A link now navigates in the page, as only the hydrated app does: the document stays the same.
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.locator('.course-card a[href^="/course-details/"]').first().click();
    await page.waitForURL(/\/course-details\//);
    await page.locator('.course-details h1, h1').first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
  });

  test("the browser's own cart count shows once the page has taken over", async ({ page }) => {
    await page.goto('/courses');
    await page.locator('.course-card a[href^="/course-details/"]').first().click();
    await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await page.getByRole('link', { name: 'Cart, 1 course' }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: 'Cart, 1 course' }).waitFor();
    expect(await page.locator('.header-actions .badge').last().textContent()).toBe('1');
  });

  test('an unknown address answers 404 with the not-found page drawn', async ({ page, consoleErrors }) => {
    const shifts = await watchLayoutShifts(page);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('link', { name: 'login' }).waitFor();
    expect(await shifts()).toBe(0);
    allowFailedResources(consoleErrors, 404);
  });
});
