import type { Page, Request, Route } from 'playwright-core';
import { describe } from 'vitest';
import { baseURL, expect, test } from './support/browser';
import { createVerifiedUser, postAs } from './support/users';

/**
 * Logout ends the session, so nothing may ask the server for signed-in data once it has. CI saw a cart
 * request answer 401 after logout at 127.0.0.1 on a loaded machine: the header's cart read, sent as the
 * page came alive, reached the server after the logout call had ended the session. Here that read is
 * held back until the logout has been answered (or until the page has settled without sending it), so
 * the race is played the same way every time, at 127.0.0.1 and at localhost.
 */

/** Endpoints that answer only with a session. */
const signedInOnly = [
  /^\/api\/cart(\/|$)/,
  /^\/api\/me\//,
  /^\/api\/enrolled-courses$/,
  /^\/api\/learn\//,
  /^\/api\/files\//,
  /^\/api\/profile\/certificate-name$/,
  /^\/api\/courses\/[^/]+\/reviews\/mine$/,
  /^\/api\/coupon\//,
  /^\/api\/create-order$/,
  /^\/api\/admin\//,
];

const course = { id: '64a1f0c2b7e4d1a2c3e50001', title: 'Price Action Foundations: Reading Naked Charts' };

const pathOf = (request: Request) => new URL(request.url()).pathname;

/** Resolves once the page has painted twice and gone idle, three times over: the effects of every render so far have run. */
async function settled(page: Page): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve()))),
        ),
    );
  }
}

for (const host of ['127.0.0.1', 'localhost']) {
  const origin = baseURL.replace('//localhost:', `//${host}:`);

  describe(`logout at ${origin}`, () => {
    test('no signed-in data is asked for or answered 401 after the click, and no console error', async ({
      context,
      page,
    }) => {
      const user = createVerifiedUser();
      await postAs(user, '/api/cart/add', { courseId: course.id });
      await context.addCookies([
        { name: 'token', value: user.token, domain: host, path: '/', httpOnly: true, sameSite: 'Lax', secure: false },
      ]);

      // The cart read the header sends when the page comes alive is held here until released.
      let releaseCart = () => {};
      const cartReleased = new Promise<void>((resolve) => {
        releaseCart = resolve;
      });
      const answered: string[] = [];
      await page.route(
        (url) => url.pathname === '/api/cart',
        async (route: Route) => {
          await cartReleased;
          const response = await route.fetch();
          answered.push(`/api/cart ${response.status()}`);
          await route.fulfill({ response });
        },
      );
      const cartAsked = page.waitForRequest((request) => pathOf(request) === '/api/cart');
      await page.goto(`${origin}/profile`);
      await page.getByRole('heading', { name: user.username, level: 2 }).waitFor();
      await cartAsked;

      const after: Request[] = [];
      page.on('request', (request) => {
        if (pathOf(request).startsWith('/api/')) after.push(request);
      });
      page.on('response', (response) => {
        const path = new URL(response.url()).pathname;
        if (path.startsWith('/api/') && path !== '/api/cart') answered.push(`${path} ${response.status()}`);
      });
      const logoutSent = page.waitForRequest((request) => pathOf(request) === '/api/logout');
      await page.getByRole('button', { name: 'Logout' }).click();
      // The logout goes out while the cart read is still on its way (the race), or it waits for it.
      const raced = await Promise.race([logoutSent.then(() => true), settled(page).then(() => false)]);
      if (raced) await (await logoutSent).response();
      releaseCart();
      await page.waitForURL(`${origin}/`);
      await page.getByRole('link', { name: 'login' }).waitFor();
      await page.getByRole('link', { name: 'Cart', exact: true }).waitFor();
      await settled(page);

      const sentAfterLogout = after.map(pathOf).filter((path) => path !== '/api/logout');
      expect(
        sentAfterLogout.filter((path) => signedInOnly.some((pattern) => pattern.test(path))),
        `signed-in endpoints asked for after the click (all: ${sentAfterLogout.join(', ')})`,
      ).toEqual([]);
      expect(answered.filter((line) => !line.endsWith(' 200'))).toEqual([]);
      expect(answered).toContain('/api/logout 200');
    });
  });
}
