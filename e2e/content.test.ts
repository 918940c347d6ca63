import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, inject } from 'vitest';
import { baseURL, expect, test } from './support/browser';

const dataDir = inject('dataDir');

/** The spec's 31 anchors of the terms page, in order. */
const termsAnchors = [
  'services',
  'ip',
  'userreps',
  'userreg',
  'products',
  'purchases',
  'returnno',
  'software',
  'prohibited',
  'ugc',
  'license',
  'reviews',
  'socialmedia',
  'thirdparty',
  'advertisers',
  'sitemanage',
  'ppyes',
  'terms',
  'modifications',
  'law',
  'disputes',
  'corrections',
  'disclaimer',
  'liability',
  'indemnification',
  'userdata',
  'electronic',
  'sms',
  'california',
  'misc',
  'contact',
];

describe('about page', () => {
  test('opens with its first FAQ answer visible and shows the features block', async ({ page }) => {
    await page.goto('/about-us');
    await page.getByRole('heading', { level: 1, name: 'About Us' }).waitFor();
    await page.getByRole('heading', { name: 'Who We Are' }).waitFor();
    const questions = page.locator('.faq-question button');
    await questions.nth(4).waitFor();
    expect(await questions.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded')))).toEqual([
      'true',
      'false',
      'false',
      'false',
      'false',
    ]);
    expect(await page.getByText('Video courses on trading Indian stock markets', { exact: false }).isVisible()).toBe(
      true,
    );
    await questions.nth(1).click();
    await expect.poll(() => page.locator('.faq-answer-inner').first().isVisible()).toBe(false);
    await page.getByRole('heading', { name: 'Start your Learning Journey Today!' }).waitFor();
    expect(await page.locator('.feature-tile').count()).toBe(4);
    expect(await page.title()).toBe('About Us | TradeSkool');
  });
});

describe('contact page', () => {
  test('shows the address and e-mail, field errors, then success; the message is stored and mailed', async ({
    page,
  }) => {
    await page.goto('/contact');
    await page.getByRole('heading', { name: 'Send Us Message' }).waitFor();
    await page.getByText('Gujarat, India').first().waitFor();
    expect(await page.locator('.contact-info a').getAttribute('href')).toBe('mailto:support@tradeskool.in');

    const comment = page.getByRole('textbox', { name: 'Comment' });
    const name = page.getByRole('textbox', { name: 'Name' });
    const email = page.getByRole('textbox', { name: 'E-mail' });
    const submit = page.getByRole('button', { name: 'Submit Now' });

    await submit.click();
    await page.getByText('Comment is a required field').waitFor();
    await page.getByText('Name is a required field').waitFor();
    await page.getByText('Email is a required field').waitFor();
    for (const field of [comment, name, email]) {
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      const describedBy = await field.getAttribute('aria-describedby');
      expect(await page.locator(`#${describedBy}`).textContent()).toMatch(/is a required field$/);
    }

    await comment.fill('Too short');
    await name.fill('Hetal Desai');
    await email.fill('hetal@example');
    await submit.click();
    await page.getByText('Comment must be at least 10 characters').waitFor();
    await page.getByText('Email must be a valid email').waitFor();
    expect(await name.getAttribute('aria-invalid')).toBeNull();

    const marker = `contact-e2e-${Date.now()}`;
    await comment.fill(`Do you teach option selling as well? ${marker}`);
    await email.fill('hetal@example.com');
    await submit.click();
    await page.locator('.form-status').getByText('Message sent successfully').waitFor();
    expect(await comment.inputValue()).toBe('');
    expect(await page.locator('.field-message').count()).toBe(0);

    const db = new Database(path.join(dataDir, 'shop.sqlite'), { readonly: true });
    try {
      const row = db
        .prepare('select name, email, handled from contact_messages where message like ?')
        .get(`%${marker}`);
      expect(row).toEqual({ name: 'Hetal Desai', email: 'hetal@example.com', handled: 0 });
    } finally {
      db.close();
    }
    // Without SMTP_URL the server writes mail to the dev outbox.
    const outbox = path.join(dataDir, 'outbox');
    await expect
      .poll(
        () =>
          fs.existsSync(outbox) &&
          fs.readdirSync(outbox).some((file) => fs.readFileSync(path.join(outbox, file), 'utf8').includes(marker)),
        { timeout: 5000 },
      )
      .toBe(true);
  });
});

describe('legal pages', () => {
  test('the terms table of contents lists the 31 sections, and each link scrolls to its section', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    await page.getByRole('heading', { level: 1, name: 'Terms And Conditions' }).waitFor();
    await page.getByText('Last updated December 2024').waitFor();
    const links = page.getByRole('navigation', { name: 'Table of Contents' }).getByRole('link');
    expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual(
      termsAnchors.map((id) => `#${id}`),
    );

    for (const [index, id] of termsAnchors.entries()) {
      await links.nth(index).click();
      await expect.poll(() => new URL(page.url()).hash).toBe(`#${id}`);
      const heading = page.locator(`[id="${id}"]`);
      expect(await heading.textContent()).toMatch(new RegExp(`^${index + 1}\\. `));
      await expect
        .poll(async () => {
          const box = await heading.evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
          const atBottom = await page.evaluate(
            () => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight,
          );
          // Below the sticky header, near the top; or, for the last sections, the page scrolled to its end.
          return box.top >= 72 && box.bottom <= 800 && (box.top < 200 || atBottom);
        })
        .toBe(true);
    }
  });

  test('the terms print the operator legal settings where the original left blanks', async ({ page }) => {
    await page.goto('/terms-and-conditions');
    const disputes = page.locator('section[aria-labelledby="disputes"]');
    await disputes.waitFor();
    const text = await disputes.textContent();
    expect(text).toContain('at least 30 days');
    expect(text).toContain('1 arbitrator');
    expect(text).toContain('the seat of arbitration will be Brussels, Belgium');
    expect(text).toContain('in English');
    expect(text).toMatch(/class action/);
    const liability = await page.locator('section[aria-labelledby="liability"]').textContent();
    expect(liability).toContain('in the 6 months before');
    expect(liability).toContain('₹10,000.00');
    const contact = await page.locator('section[aria-labelledby="contact"]').textContent();
    expect(contact).toContain('support@tradeskool.in');
    expect(contact).toContain('Gujarat, India');
    expect(contact).toContain(baseURL);
  });

  test('the refund and privacy policies have their banner, date and main points', async ({ page }) => {
    await page.goto('/refund-policy');
    await page.getByRole('heading', { level: 1, name: 'Refund Policy' }).waitFor();
    await page.getByRole('heading', { name: 'All Sales Are Final' }).waitFor();
    await page.getByText('A technical fault that blocks access.').waitFor();
    await page.getByText('Payment errors.').waitFor();
    expect(await page.title()).toBe('Refund Policy | TradeSkool');

    await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await page.getByText('Dated 09-12-2024').waitFor();
    await page.getByRole('heading', { name: 'Grievance Officer and Contact' }).waitFor();
    expect(await page.title()).toBe('Privacy Policy | TradeSkool');
  });
});

describe('page titles and link previews', () => {
  test('each page sets its own title while navigating', async ({ page }) => {
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('Price Action, Futures and Options Courses | TradeSkool');
    for (const [link, title] of [
      ['About us', 'About Us | TradeSkool'],
      ['Contact us', 'Contact Us | TradeSkool'],
      ['Courses', 'All Courses | TradeSkool'],
    ]) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: link }).click();
      await expect.poll(() => page.title()).toBe(title);
    }
    await page.getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect.poll(() => page.title()).toBe('Terms And Conditions | TradeSkool');
  });

  test('the server sends the title, description and Open Graph tags without JavaScript', async () => {
    const html = async (url: string) => (await fetch(new URL(url, baseURL))).text();
    const home = await html('/');
    expect(home).toContain('<title>Price Action, Futures and Options Courses | TradeSkool</title>');
    expect(home).toContain('<meta name="description" content="Start your journey in the stock market today.');
    expect(home.match(/<title>/g)).toHaveLength(1);
    expect(home.match(/<meta name="description"/g)).toHaveLength(1);

    expect(await html('/courses')).toContain('<title>All Courses | TradeSkool</title>');

    const course = await html('/course-details/64a1f0c2b7e4d1a2c3e50001');
    expect(course).toContain('<title>Price Action Foundations: Reading Naked Charts | TradeSkool</title>');
    expect(course).toContain(
      '<meta property="og:title" content="Price Action Foundations: Reading Naked Charts | TradeSkool" />',
    );
    expect(course).toContain(`<meta property="og:image" content="${baseURL}/images/courses/`);
    expect(course).toContain(`<meta property="og:url" content="${baseURL}/course-details/64a1f0c2b7e4d1a2c3e50001" />`);
    expect(course).toMatch(/<meta property="og:description" content="[^"]{20,}" \/>/);
  });
});
