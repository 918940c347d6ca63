import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe } from 'vitest';
import { requireFfmpeg } from '../apps/server/test/test-clips';
import { axeViolations } from './support/axe';
import { expect, test } from './support/browser';
import { buyInTestMode } from './support/checkout';
import { attachOwnVideo } from './support/own-videos';
import { createCourseAs } from './support/shop';
import { withShopDatabase } from './support/shop-database';
import { addSessionCookie, createVerifiedUser, signIn } from './support/users';

// Issue 32 item 17: what a learner and an owner met on a 360 px phone (new-user report N3, N6, N7, N9,
// N10, N11). Each page is opened at 360x800 in Chromium: it must not be wider than the screen, and the
// part in question must be on it.

const phone = { width: 360, height: 800 };
const foundations = '64a1f0c2b7e4d1a2c3e50001';

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The element's box, which must lie inside the 360 px screen sideways. */
async function boxInsideWidth(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the element has no box');
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(phone.width);
  return box;
}

describe('phone layouts (360 x 800)', () => {
  test('My Orders: each order is a card and its invoice link is on the screen', async ({ page, context }) => {
    await signIn(context);
    await buyInTestMode(page, '64a1f0c2b7e4d1a2c3e50003', { first: 'Asha', last: 'Patel' });
    await page.setViewportSize(phone);
    await page.goto('/orders');
    const invoice = page.getByRole('link', { name: /^Invoice TS\/\d\d-\d\d\/\d{6}$/ });
    await invoice.waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await boxInsideWidth(invoice);
    await boxInsideWidth(page.locator('.dashboard-panel'));
    // Each cell says which column it is.
    expect(
      await page
        .locator('.orders-table td')
        .first()
        .evaluate((cell) => getComputedStyle(cell, '::before').content),
    ).toBe('"Date"');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('Enrolled Courses: the dashboard menu folds into one strip, so the first course starts on the first screen', async ({
    page,
    context,
  }) => {
    await signIn(context);
    await buyInTestMode(page, '64a1f0c2b7e4d1a2c3e50006', { first: 'Asha', last: 'Patel' });
    await page.setViewportSize(phone);
    await page.goto('/enrolled-courses');
    const card = page.locator('.carousel-slide:not([inert])').first();
    await card.waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    const menu = await boxInsideWidth(page.locator('.dashboard-sidebar'));
    expect(menu.height).toBeLessThanOrEqual(120);
    const first = await card.boundingBox();
    expect(first?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(phone.height * 0.75);
    // Every menu entry is still there, reachable by keyboard.
    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Profile',
      'Enrolled Courses',
      'My Orders',
      'My Memberships',
      'Upcoming live sessions',
      'Community',
      'Wishlist',
      'Privacy Centre',
    ]);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the visitor cart: the title is above its price, never under it', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto(`/course-details/${foundations}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.waitForURL(/\/cart$/);
    const title = page.locator('.local-cart-list a');
    const price = page.locator(`[data-course-price="${foundations}"]`);
    await expect.poll(() => price.textContent()).toMatch(/^₹/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    const [titleBox, priceBox] = [await boxInsideWidth(title), await boxInsideWidth(price)];
    // No overlap: the price starts below the title's last line.
    expect(priceBox.y).toBeGreaterThanOrEqual(titleBox.y + titleBox.height - 1);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a course page keeps its price and Add to Cart on the screen while the learner scrolls', async ({ page }) => {
    await page.setViewportSize(phone);
    await page.goto(`/course-details/${foundations}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const add = page.getByRole('button', { name: 'Add to Cart' });
    const price = page.locator('.course-buy .price');
    for (const scrollTo of [0, 900, 1800]) {
      await page.evaluate((y) => window.scrollTo(0, y), scrollTo);
      for (const part of [add, price]) {
        const box = await boxInsideWidth(part);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(phone.height);
      }
    }
    expect(await price.textContent()).toBe('₹4,999.00');
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    // The page's end is not hidden under the bar: the footer's last line is above it once scrolled to the bottom.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = await page.locator('.course-buy').boundingBox();
    const footerEnd = await page.locator('.site-footer').boundingBox();
    if (!bar || !footerEnd) throw new Error('no boxes');
    expect(footerEnd.y + footerEnd.height).toBeLessThanOrEqual(bar.y + 1);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the console's order page is no wider than the phone", async ({ page, context }) => {
    const buyer = await signIn(context);
    await buyInTestMode(page, '64a1f0c2b7e4d1a2c3e50007', { first: 'Asha', last: 'Patel' });
    const orderId = withShopDatabase(
      (db) =>
        (db.prepare('select id from orders where user_id = ? order by created_at desc').get(buyer.id) as { id: string })
          .id,
    );
    // The same browser, now signed in as the shop's operator.
    await addSessionCookie(context, createVerifiedUser({ role: 'admin' }));
    await page.setViewportSize(phone);
    await page.goto(`/admin/orders/${orderId}`);
    const heading = page.getByRole('heading', { level: 1, name: `Order ${orderId}` });
    await heading.waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(phone.width);
    await boxInsideWidth(heading);
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the free preview of a lesson of our own', () => {
  let course = { id: '', title: '' };
  beforeAll(async () => {
    requireFfmpeg();
    const admin = createVerifiedUser({ role: 'admin' });
    course = await createCourseAs(admin, {
      title: `Preview frame check ${Date.now().toString(36)}`,
      tag: 'Preview',
      courseDescription: 'A course with one free preview lesson of its own.',
      whatYoullLearn: ['Watching'],
      curriculum: [{ title: 'Watch this first', duration: '2 min', content: 'A short clip.' }],
      lessonVideos: ['https://youtu.be/aqz-KE-bpKQ'],
    });
    const lesson = withShopDatabase(
      (db) =>
        db.prepare('select id from course_lessons where course_id = ? order by position limit 1').get(course.id) as {
          id: string;
        },
    );
    await attachOwnVideo(lesson.id, { width: 320, height: 180, seconds: 2 }, { preview: true });
  }, 120_000);

  for (const viewport of [phone, { width: 1280, height: 800 }]) {
    test(`its Quality, Speed and Fullscreen sit inside the player's panel, readable (${viewport.width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.goto(`/course-details/${course.id}`);
      await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
      await page.getByRole('tab', { name: 'Reviews' }).click();
      await page.getByRole('button', { name: 'Preview: Watch this first' }).click();
      const dialog = page.getByRole('dialog', { name: 'Video: Watch this first' });
      const tools = dialog.locator('.own-video-tools');
      await tools.getByRole('button', { name: 'Fullscreen' }).waitFor();
      const [panel, toolsBox] = [await dialog.boundingBox(), await tools.boundingBox()];
      if (!panel || !toolsBox) throw new Error('no boxes');
      expect(toolsBox.x).toBeGreaterThanOrEqual(0);
      expect(toolsBox.x + toolsBox.width).toBeLessThanOrEqual(viewport.width);
      expect(toolsBox.y + toolsBox.height).toBeLessThanOrEqual(viewport.height);
      // What is drawn behind the menus: the nearest painted background is the player's own panel inside
      // the dialog, not the dimmed page (the dialog itself is transparent).
      const behind = await tools.evaluate((element) => {
        const dialogElement = element.closest('dialog');
        for (let node: Element | null = element; node && node !== dialogElement; node = node.parentElement) {
          const color = getComputedStyle(node).backgroundColor;
          if (color !== 'rgba(0, 0, 0, 0)' && color !== 'transparent') return { color, inside: true };
        }
        return { color: '', inside: false };
      });
      expect(behind.inside).toBe(true);
      expect(behind.color).toBe('rgb(255, 255, 255)');
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
