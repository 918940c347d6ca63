import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, test as base, beforeAll, beforeEach, expect, inject } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** Set when the test is on its second try (e2e/vitest.config.ts retries once); npm test lists it. */
    retried?: number;
    /** The error the try before ended with. */
    failedTry?: string;
  }
}

export const baseURL = inject('baseURL');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let browser: Browser;

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
});
afterAll(async () => {
  await browser?.close();
});
// A test that passes only on its retry is flaky, not passing: the JSON report carries the mark and
// scripts/test.mjs names every such test at the end of the run.
beforeEach(({ task }) => {
  const tries = task.result?.retryCount ?? 0;
  if (tries === 0) return;
  task.meta.retried = tries;
  // The error of the try before, still on the task when the retry begins: what the race looked like.
  const error = task.result?.errors?.[0];
  // Whole (scripts/test.mjs shortens it), so a Playwright call log says which element it waited for.
  if (error) task.meta.failedTry = `${error.name ?? 'Error'}: ${error.message}`.slice(0, 4000);
});

export interface PageFixtures {
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far; the fixture fails the test if any remain at the end. */
  consoleErrors: string[];
}

/**
 * `test` with a fresh browser context and page per test. Any console error or uncaught page error
 * fails the test: a page that logs errors is broken even when it looks right.
 */
export const test = base.extend<PageFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest fixtures take their dependencies as a destructured object
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  context: async ({ consoleErrors }, use) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    context.on('weberror', (error) => consoleErrors.push(`page error: ${error.error().message}`));
    context.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`console: ${message.text()} (${message.location().url})`);
    });
    await use(context);
    await context.close();
  },
  page: async ({ context, consoleErrors }, use) => {
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await use(page);
    expect(consoleErrors, 'console errors on the page').toEqual([]);
  },
});

/** Removes the browser's own log lines for responses a test expects to fail (a 404 page, say). */
export function allowFailedResources(consoleErrors: string[], status: number): void {
  const expected = `the server responded with a status of ${status}`;
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (consoleErrors[i]?.includes(expected)) consoleErrors.splice(i, 1);
  }
}

export { expect };
