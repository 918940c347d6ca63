import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { allowFailedResources, expect, test } from './support/browser';
import { signIn } from './support/users';

const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).waitFor();

// Other files' purchases run beside this one on the same shop, so this test changes nothing their
// invoices print: only the LUT reference (printed on zero-rated exports alone, which are off).
describe('console tax settings, newsletter and deletions', () => {
  test('an admin sees the settings, gets field messages from the shared schema, saves, and finds the change in the activity log', async ({
    page,
    context,
    consoleErrors,
  }) => {
    await signIn(context, { role: 'admin' });
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Console sections' })
      .getByRole('link', { name: 'Tax settings' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Tax settings' }).waitFor();
    const gstin = page.getByLabel('GSTIN');
    const original = await gstin.inputValue();
    expect(original).toMatch(/^24/);
    expect(await axeViolations(page)).toEqual([]);

    // A wrong check character is caught in the browser with the server's own message.
    await gstin.fill(`${original.slice(0, 14)}${original.endsWith('Z') ? 'Y' : 'Z'}`);
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    await page.getByText('GSTIN must be a 15-character GSTIN with a correct check character').waitFor();
    await gstin.fill(original);

    const reference = `AD2404${Date.now().toString().slice(-6)}`;
    await page.getByLabel('LUT reference (for zero-rated supplies)').fill(reference);
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    await toast(page, 'Tax settings saved.');
    await page.reload();
    expect(await page.getByLabel('LUT reference (for zero-rated supplies)').inputValue()).toBe(reference);
    await page.getByText(/^Last changed .* by /).waitFor();

    // The signature upload checks the file on the server: a text file named .png is refused.
    await page.getByLabel('Signature image (PNG or JPEG, up to 1 MB)').setInputFiles({
      name: 'signature.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not really an image'),
    });
    await page.getByText('The signature must be a PNG or JPEG image.').waitFor();
    allowFailedResources(consoleErrors, 400);

    await page.getByRole('link', { name: 'Activity log' }).click();
    await page.getByRole('cell', { name: 'tax_settings.saved' }).first().waitFor();

    await page.getByRole('link', { name: 'Newsletter' }).click();
    await page.getByRole('button', { name: 'Send to confirmed subscribers' }).click();
    await page.getByText('Subject is required').waitFor();
    await page.getByLabel('Subject').fill('New this month');
    await page.getByLabel('Text').fill('A new course on option Greeks is out.');
    await page.getByRole('button', { name: 'Send to confirmed subscribers' }).click();
    await toast(page, 'The newsletter is queued for');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Deletions' }).click();
    await page.getByRole('heading', { level: 1, name: 'Account deletions' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
