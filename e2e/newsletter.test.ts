import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, inject, vi } from 'vitest';
import { allowFailedResources, expect, test } from './support/browser';

const dataDir = inject('dataDir');
const outbox = path.join(dataDir, 'outbox');

/** The confirmation link the dev outbox wrote for `email`, quoted-printable undone. */
async function confirmationLink(email: string): Promise<string> {
  return vi.waitFor(
    () => {
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort() : [];
      for (const file of files) {
        const text = fs
          .readFileSync(path.join(outbox, file), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
        if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'mi').test(text)) continue;
        const link = /https?:\/\/\S+?\/newsletter\/confirm\/[A-Za-z0-9_-]+/.exec(text)?.[0];
        if (link) return link;
      }
      throw new Error(`no confirmation mail for ${email} in ${outbox}`);
    },
    { timeout: 10_000, interval: 100 },
  );
}

function subscriberRow(email: string) {
  const db = new Database(path.join(dataDir, 'shop.sqlite'), { readonly: true });
  try {
    return db
      .prepare('select confirmed_at, unsubscribe_token from newsletter_subscribers where email_lower = ?')
      .get(email) as { confirmed_at: string | null; unsubscribe_token: string } | undefined;
  } finally {
    db.close();
  }
}

describe('newsletter double opt-in', () => {
  test('the form mails a link; opening it changes nothing, its button confirms; the unsubscribe page ends it', async ({
    page,
    consoleErrors,
  }) => {
    const email = `opt-in-${Date.now()}@example.com`;
    await page.goto('/');
    await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
    await page.getByRole('button', { name: 'Subscribe Now' }).click();
    await page.getByText('Please check your e-mail and open the link in it to confirm your subscription.').waitFor();

    const link = new URL(await confirmationLink(email));
    await page.goto(link.pathname);
    const button = page.getByRole('button', { name: 'Yes, send me the newsletter' });
    await button.waitFor();
    expect(subscriberRow(email)?.confirmed_at).toBeNull();
    await button.click();
    await page.getByRole('status').getByText('Your subscription is confirmed.').waitFor();
    expect(subscriberRow(email)?.confirmed_at).toBeTruthy();

    // The same link again: used up, and the page says what to do.
    await page.goto(link.pathname);
    await page.getByRole('button', { name: 'Yes, send me the newsletter' }).click();
    await page.getByRole('alert').getByText('This link is invalid, has expired or was already used.').waitFor();
    allowFailedResources(consoleErrors, 400);

    // The unsubscribe link of a newsletter, opened without signing in.
    await page.goto(`/newsletter/unsubscribe/${subscriberRow(email)?.unsubscribe_token}`);
    await page.getByRole('button', { name: 'Unsubscribe from the newsletter' }).click();
    await page.getByRole('status').getByText('You are unsubscribed.').waitFor();
    expect(subscriberRow(email)).toBeUndefined();
  });
});
