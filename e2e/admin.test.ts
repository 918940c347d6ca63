import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { baseURL, expect, test } from './support/browser';
import { withShopDatabase } from './support/shop-database';
import { createVerifiedUser, type E2EUser, postAs, signIn } from './support/users';

const trendFollowing = { id: '64a1f0c2b7e4d1a2c3e50002', price: 0 };
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text }).waitFor();

/** A paid order made through the sandbox gateway, exactly as checkout makes one. */
async function buyThroughSandbox(learner: E2EUser): Promise<string> {
  const course = await (await fetch(`${baseURL}/api/courses/${trendFollowing.id}`)).json();
  await postAs(learner, '/api/cart/add', { courseId: trendFollowing.id });
  const order = await postAs(learner, '/api/create-order', {
    amount: course.course.price,
    name: 'Asha Patel',
    email: learner.email,
    courseId: '',
    userId: learner.id,
    validDiscount: 0,
    discountCouponId: null,
  });
  const payment = await postAs(learner, '/api/sandbox/pay', { order_id: order.order_id, outcome: 'captured' });
  const { ok: _ok, ...signed } = payment;
  await postAs(learner, '/api/verify-payment', { ...signed, amount: course.course.price, currency: 'INR' });
  return order.orderId;
}

describe('operator console', () => {
  test('visitors browsing the shop never download the console', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') scripts.push(request.url());
    });
    await page.goto('/');
    await page.goto('/courses');
    await page.locator('.course-card').first().waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => url.includes('admin'))).toEqual([]);
  });

  test('a learner is refused the console, and a visitor is asked to log in', async ({ page, context }) => {
    await page.goto('/admin');
    await page.getByRole('alert').getByText('This page is for the shop operator only.').waitFor();
    await page.getByRole('link', { name: 'Log in as the operator' }).waitFor();
    await signIn(context);
    await page.goto('/admin/courses');
    await page.getByRole('alert').getByText('This page is for the shop operator only.').waitFor();
    expect(await page.getByRole('navigation', { name: 'Console sections' }).count()).toBe(0);
  });

  test('an admin creates a course with a thumbnail, two curriculum items and a file, publishes it and sees it on /courses', async ({
    page,
    context,
  }) => {
    await signIn(context, { role: 'admin' });
    const title = `Candlestick Patterns ${unique()}`;
    await page.goto('/admin/courses');
    await page.getByRole('link', { name: 'New course' }).click();
    await page.getByRole('heading', { name: 'New course' }).waitFor();

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Category tag').fill('Charts');
    await page.getByLabel('Instructor').fill('Meera Shah');
    await page.getByLabel('Price in rupees').fill('2499');
    await page.getByLabel('Level').selectOption('Intermediate');
    await page.getByLabel('Preview video link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');

    await page.getByRole('button', { name: 'Save course' }).click();
    await page.getByText('Please upload a thumbnail image.').waitFor();

    const png = await sharp({ create: { width: 900, height: 560, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer();
    await page.getByLabel(/Thumbnail image/).setInputFiles({ name: 'thumb.png', mimeType: 'image/png', buffer: png });
    const preview = page.getByRole('img', { name: 'Current thumbnail' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^\/uploads\/thumbs\/[a-f0-9]+-700\.webp$/);

    await page.getByLabel('Point 1', { exact: true }).fill('Spot reversal candles');
    await page.getByLabel('Item 1 title').fill('Single-candle patterns');
    await page.getByLabel('Item 1 duration').fill('12 min');
    await page.getByRole('button', { name: 'Add a curriculum item' }).click();
    await page.getByLabel('Item 2 title').fill('Two-candle patterns');
    // Each button's name starts with the words it shows (WCAG 2.5.3): speech users say what they see.
    await page.getByRole('button', { name: 'Move up item 2', exact: true }).click();
    expect(await page.getByLabel('Item 1 title').inputValue()).toBe('Two-candle patterns');
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Add a lesson video' }).click();
    await page.getByLabel('Video 1', { exact: true }).fill('https://youtu.be/aqz-KE-bpKQ');

    await page.getByRole('button', { name: 'Save course' }).click();
    // A new course starts unpublished, and the toast says so.
    await toast(page, `“${title}” is saved but not published: it is not on the shop until you tick Published`);
    await page.getByRole('heading', { name: 'Edit course' }).waitFor();
    // A saved course's lessons are edited in the section editor (issue 14).
    await page.getByRole('button', { name: 'Move down lesson 1 in section 1', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByLabel(/File for learners/).setInputFiles({
      name: 'Pattern cheat sheet.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n% cheat sheet\n%%EOF\n'),
    });
    await page.getByRole('button', { name: 'Upload file' }).click();
    await toast(page, 'Pattern cheat sheet.pdf is uploaded.');
    await page.getByRole('button', { name: 'Delete Pattern cheat sheet.pdf' }).waitFor();

    await page.goto('/courses');
    await page.locator('.course-card').first().waitFor();
    expect(await page.getByText(title).count()).toBe(0);

    await page.goto('/admin/courses');
    await page.getByRole('button', { name: `Publish ${title}` }).click();
    await toast(page, `“${title}” is now on the shop.`);

    await page.goto('/courses');
    const card = page.locator('.course-card', { hasText: title });
    await card.waitFor();
    expect(await card.locator('img').first().getAttribute('src')).toMatch(/^\/uploads\/thumbs\//);
    await card.getByRole('link', { name: title }).first().click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('tab', { name: 'Reviews' }).click();
    const lessons = page.locator('.curriculum .curriculum-title');
    await lessons.first().waitFor();
    expect(await lessons.allTextContents()).toEqual(['Two-candle patterns', 'Single-candle patterns']);
  });

  test('an admin creates a coupon and sees it listed with no uses yet', async ({ page, context }) => {
    await signIn(context, { role: 'admin' });
    const code = `DIWALI${unique()}`.toUpperCase().slice(0, 20);
    await page.goto('/admin/coupons');
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Discount (%)').fill('150');
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByText('Discount (%) must be a whole number from 1 to 100').waitFor();
    await page.getByLabel('Discount (%)').fill('15');
    await page.getByLabel('Total uses allowed (optional)').fill('50');
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await toast(page, `Coupon ${code} is saved.`);
    const row = page.getByRole('row', { name: new RegExp(code) });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('15%');
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('0');
  });

  test('an admin finds a paid order by e-mail and refunds it in full', async ({ page, context }) => {
    const learner = createVerifiedUser();
    const orderId = await buyThroughSandbox(learner);
    await signIn(context, { role: 'admin' });

    await page.goto('/admin/orders');
    await page.getByLabel('E-mail or order id').fill(learner.email);
    await page.getByRole('button', { name: 'Search orders' }).click();
    const link = page.getByRole('link', { name: `Order ${orderId}` });
    await link.waitFor();
    // The unfiltered list may still be on screen (its newest row is this order): wait for the answer.
    await expect.poll(() => page.locator('.admin-table tbody tr').count()).toBe(1);
    await link.click();
    await page.getByRole('heading', { name: `Order ${orderId}` }).waitFor();
    expect(await page.getByTestId('order-status').textContent()).toBe('paid');

    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: /^Refund .* in full$/ }).click();
    await toast(page, 'The order is refunded');
    await expect.poll(() => page.getByTestId('order-status').textContent()).toBe('refunded');
    await page.getByRole('cell', { name: 'Refund', exact: true }).waitFor();

    await page.getByRole('link', { name: 'account' }).click();
    await page.getByRole('heading', { name: learner.email }).waitFor();
    await page.getByText('No courses.').waitFor();

    // The dashboard counts the refund as a refund, not as money taken.
    await page.goto('/admin');
    const refunds = page.locator('.admin-stats li', { hasText: 'refunded in the last 30 days' });
    await refunds.waitFor();
    expect(await refunds.textContent()).toMatch(/^₹[\d,]+\.\d\d refunded in the last 30 days \([1-9]\d* orders?\)/);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('an admin sees the many-devices badge on a flagged learner in the list of learners', async ({
    page,
    context,
  }) => {
    const learner = createVerifiedUser();
    // The flag as the device limit records it (playback.test.ts drives the real flagging).
    const day = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    withShopDatabase((db) => {
      db.prepare('insert into video_device_flags (user_id, day, devices, created_at) values (?, ?, ?, ?)').run(
        learner.id,
        day,
        7,
        new Date().toISOString(),
      );
    });
    await signIn(context, { role: 'admin' });
    await page.goto('/admin/learners');
    await page.getByLabel('E-mail or username').fill(learner.email);
    await page.getByRole('button', { name: 'Search learners' }).click();
    const row = page.getByRole('row', { name: new RegExp(learner.email) });
    await row.getByText(`Signed in on 7 devices on ${day}`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
