import { messages } from '@shop/shared';
import { describe } from 'vitest';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { axeViolations } from './support/axe';
import { baseURL, expect, test } from './support/browser';
import { withShopDatabase } from './support/shop-database';
import { createVerifiedUser, grantCourse, signIn } from './support/users';

// Issue 32 items 15 and 18: what a new learner met on the course page and on small forms (new-user
// report N4, N12, N13).

const courseId = '64a1f0c2b7e4d1a2c3e50005';

describe('a course the learner owns', () => {
  test("its page shows 'Go to course' into the player, and no price or Add to Cart", async ({ page, context }) => {
    const user = await signIn(context);
    grantCourse(user.id, courseId);
    await page.goto(`/course-details/${courseId}`);
    const go = page.getByRole('link', { name: messages.goToCourse });
    await go.waitFor();
    expect(await go.getAttribute('href')).toBe(`/learn/${courseId}`);
    expect(await page.getByText(messages.courseOwnedShort).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add to Cart' }).count()).toBe(0);
    // No price of the course itself (the memberships that include it still show theirs).
    expect(await page.locator('.course-sidebar .price-large').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await go.click();
    await page.waitForURL(new RegExp(`/learn/${courseId}`));
  });

  test('a course the learner does not own still shows its price and Add to Cart', async ({ page, context }) => {
    const user = await signIn(context);
    grantCourse(user.id, courseId);
    await page.goto('/course-details/64a1f0c2b7e4d1a2c3e50002');
    await page.getByRole('button', { name: 'Add to Cart' }).waitFor();
    expect(await page.locator('.course-sidebar .price-large').textContent()).toMatch(/^₹/);
    expect(await page.getByRole('link', { name: messages.goToCourse }).count()).toBe(0);
  });
});

describe('small things', () => {
  test('Delete account with an empty password says the password is required (and deletes nothing)', async ({
    page,
    context,
  }) => {
    const user = await signIn(context);
    // A password account: the form asks for the password only then.
    const hash = await hashPassword('a long password 123');
    withShopDatabase((db) => db.prepare('update users set password_hash = ? where id = ?').run(hash, user.id));
    await page.goto('/privacy-centre');
    await page.getByLabel(messages.deleteAccountPasswordLabel).waitFor();
    await page.getByRole('button', { name: messages.deleteAccountButton }).click();
    const field = page.getByLabel(messages.deleteAccountPasswordLabel);
    await page.getByText(messages.deletePasswordRequired).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(messages.deletePasswordWrong).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const profile = await page.evaluate(() => fetch('/api/profile').then((res) => res.json()));
    expect(profile.ok).toBe(true);
  });

  test('Apply coupon with an empty box says a code is missing', async ({ page, context }) => {
    await signIn(context);
    await page.goto(`/course-details/${courseId}`);
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole('button', { name: messages.couponApply }).click();
    const alert = page.getByRole('alert').filter({ hasText: messages.couponCodeRequired });
    await alert.waitFor();
    expect(await page.getByPlaceholder(messages.couponPlaceholder).getAttribute('aria-invalid')).toBe('true');
    expect(await axeViolations(page)).toEqual([]);
  });

  for (const path of ['/login', '/registration']) {
    test(`a signed-in visitor of ${path} goes to the profile`, async ({ page, context }) => {
      const user = await signIn(context);
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/profile');
      await page.getByText(user.username).first().waitFor();
    });
  }

  test('a signed-in visitor of /login?next=/orders goes there', async ({ page, context }) => {
    await signIn(context);
    await page.goto('/login?next=/orders');
    await page.waitForURL((url) => url.pathname === '/orders');
  });

  test('signing in on /login still goes where the form sends (next), not to the profile', async ({ page }) => {
    const user = createVerifiedUser();
    const hash = await hashPassword('a long password 123');
    withShopDatabase((db) => db.prepare('update users set password_hash = ? where id = ?').run(hash, user.id));
    await page.goto('/login?next=/wishlist');
    await page.getByRole('heading', { name: messages.welcomeBack }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill('a long password 123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname === '/wishlist');
  });

  test("'Continue with google' is not offered when Google is not configured, neither drawn by the server nor after hydration", async ({
    page,
  }) => {
    for (const path of ['/login', '/registration']) {
      const html = await (await fetch(`${baseURL}${path}`)).text();
      expect(html).toContain('site-config');
      expect(html).not.toContain(messages.continueWithGoogle);
      await page.goto(path);
      await page.locator('form').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('link', { name: messages.continueWithGoogle }).count()).toBe(0);
      expect(await page.getByText('or', { exact: true }).count()).toBe(0);
    }
  });
});
