import { describe } from 'vitest';
import { hashPassword } from '../apps/server/src/auth/passwords';
import { newId } from '../apps/server/src/ids';
import { baseURL, expect, test } from './support/browser';
import { withShopDatabase } from './support/shop-database';

/** The e2e server's PUBLIC_URL says localhost; the same shop opened by its bound address. */
const byAddress = baseURL.replace('//localhost:', '//127.0.0.1:');
const course = { id: '64a1f0c2b7e4d1a2c3e50001', title: 'Price Action Foundations: Reading Naked Charts' };

/** A verified account with a password, written the way sign-up and verification leave it. */
async function createAccount() {
  const suffix = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const person = {
    username: `origin_${suffix}`,
    email: `origin.${suffix}@example.com`,
    password: `an unguessable ${suffix} phrase`,
  };
  const hash = await hashPassword(person.password);
  withShopDatabase((db) => {
    const now = new Date().toISOString();
    db.prepare(
      `insert into users (id, username, email, email_lower, password_hash, email_verified_at, google_sub, role, status, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, null, 'learner', 'active', ?, ?)`,
    ).run(newId(), person.username, person.email, person.email.toLowerCase(), hash, now, now, now);
  });
  return person;
}

describe('the shop opened at an address other than PUBLIC_URL', () => {
  test('signs in, adds to the cart and logs out at http://127.0.0.1:PORT while PUBLIC_URL says localhost', async ({
    page,
  }) => {
    expect(byAddress).not.toBe(baseURL);
    const person = await createAccount();
    await page.goto(`${byAddress}/login`);
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('link', { name: `Profile of ${person.username}` }).waitFor();

    await page.goto(`${byAddress}/course-details/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(`${byAddress}/cart`);
    await page.locator('.cart-table').getByRole('link', { name: course.title }).waitFor();

    await page.goto(`${byAddress}/profile`);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${byAddress}/`);
    await page.reload();
    await page.getByRole('link', { name: 'login' }).waitFor();
    const profile = await page.evaluate(() => fetch('/api/profile').then((res) => res.json()));
    expect(profile.ok).toBe(false);
  });
});
