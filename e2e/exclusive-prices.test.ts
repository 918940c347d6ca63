import type { AdminTaxSettings } from '@shop/shared';
import { describe } from 'vitest';
import { baseURL, expect, test } from './support/browser';
import { addSessionCookie, createVerifiedUser, type E2EUser } from './support/users';

// Issue 16, prices exclusive of GST: the operator switches the console's tax settings to exclusive; a buyer
// from Gujarat sees CGST and SGST added at checkout, pays that total in the sandbox, and /orders shows it.
// It runs in the e2e-admin project (its own server, after the shop's tests) because it changes what every
// checkout charges, and it puts the settings back to inclusive at the end.

const priceAction = '64a1f0c2b7e4d1a2c3e50001'; // ₹4,999: 9 % is ₹449.91; 4,999 + 2 x 449.91 = 5,898.82

async function saveSettings(admin: E2EUser, prices: 'inclusive' | 'exclusive') {
  const headers = { cookie: `token=${admin.token}`, origin: new URL(baseURL).origin };
  const got = await fetch(`${baseURL}/api/admin/tax-settings`, { headers });
  const { settings } = (await got.json()) as { settings: AdminTaxSettings };
  const { hasSignature: _signature, updatedAt: _at, updatedBy: _by, ...form } = settings;
  const res = await fetch(`${baseURL}/api/admin/tax-settings`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ...form, prices }),
  });
  expect(res.status).toBe(200);
}

describe('prices exclusive of GST (issue 16)', () => {
  test('the operator sets exclusive prices; a Gujarat buyer sees the GST, pays the total, and /orders shows it', {
    timeout: 90_000,
  }, async ({ page, context, consoleErrors }) => {
    const admin = createVerifiedUser({ role: 'admin' });
    try {
      await addSessionCookie(context, admin);
      await page.goto('/admin/tax');
      await page.getByRole('heading', { level: 1, name: 'Tax settings' }).waitFor();
      await page.getByLabel('Course prices').selectOption('exclusive');
      await page.getByRole('button', { name: 'Save tax settings' }).click();
      await page.locator('.toast', { hasText: 'Tax settings saved.' }).waitFor();

      const buyer = createVerifiedUser();
      await addSessionCookie(context, buyer);
      await page.goto(`/course-details/${priceAction}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await page.waitForURL(/\/cart$/);
      await page.getByText('Prices exclude GST').waitFor();
      await page.getByRole('button', { name: 'Proceed to checkout' }).click();
      await page.getByRole('heading', { name: 'Billing Details' }).waitFor();
      await page.getByLabel('First name').fill('Asha');
      await page.getByLabel('Last name').fill('Patel');
      await page.getByLabel('State').selectOption({ label: 'Gujarat' });
      await page.getByLabel('PIN code').fill('380001');
      const summary = page.locator('.checkout-order');
      await expect.poll(() => summary.locator('[data-total="cgst"]').textContent()).toBe('₹449.91');
      expect(await summary.locator('[data-total="sgst"]').textContent()).toBe('₹449.91');
      expect(await summary.locator('[data-total="total"]').textContent()).toBe('₹5,898.82');
      await page.getByLabel('I have read this').check();
      await page.getByRole('button', { name: 'Place order' }).click();
      const widget = page.getByRole('dialog', { name: 'Sandbox payment (test mode)' });
      await widget.getByRole('button', { name: /^Pay / }).waitFor();
      expect(await widget.textContent()).toContain('5,898.82');
      await widget.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL(/\/enrolled-courses$/);

      await page.goto('/orders');
      const row = page.locator('.orders-table tbody tr');
      await row.getByRole('link', { name: /^Invoice / }).waitFor();
      expect(await row.locator('.orders-amount').textContent()).toBe('₹5,898.82');
      expect(consoleErrors).toEqual([]);
    } finally {
      await saveSettings(admin, 'inclusive');
    }
  });
});
