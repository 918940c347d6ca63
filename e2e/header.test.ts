import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { expect, test } from './support/browser';
import { signIn } from './support/users';

const priceAction = { id: '64a1f0c2b7e4d1a2c3e50001', title: 'Price Action Foundations: Reading Naked Charts' };
const riskManagement = { id: '64a1f0c2b7e4d1a2c3e50006', title: 'Risk Management and Position Sizing' };

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The main bar's visible parts (logo, menu, search, each action) and whether the shop's name is cut. */
function measureHeader(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('.main-bar-inner');
    const parts = bar
      ? [
          ...Array.from(bar.querySelectorAll(':scope > .logo, :scope > .logo span, :scope > .main-nav')),
          ...Array.from(bar.querySelectorAll(':scope > .header-search')),
          ...Array.from(bar.querySelectorAll('.header-actions > *')),
        ]
      : [];
    const boxes = parts
      .map((element) => {
        const rect = element.getBoundingClientRect();
        const name = element.getAttribute('aria-label') ?? (element.className || 'shop name');
        return { name, left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom, width: rect.width };
      })
      .filter((box) => box.width > 0);
    const name = document.querySelector<HTMLElement>('.main-bar .logo span');
    return {
      boxes,
      nameCut: name ? name.scrollWidth > name.clientWidth : true,
      pageWidth: document.documentElement.scrollWidth,
    };
  });
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

async function expectTidyHeader(page: Page, width: number) {
  await page.setViewportSize({ width, height: 740 });
  await page.goto('/');
  await page.getByRole('link', { name: /^Wishlist/ }).waitFor();
  await page.locator('.header-actions .account-loading').waitFor({ state: 'detached' });
  const { boxes, nameCut, pageWidth } = await measureHeader(page);
  expect(boxes.map((box) => box.name)).toContain('TradeSkool home');
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (a.name === 'TradeSkool home' && b.name === 'shop name') continue; // the name is inside the logo link
      expect(overlaps(a, b), `${a.name} and ${b.name} overlap at ${width} px`).toBe(false);
    }
  }
  expect(nameCut, `the shop's name is cut at ${width} px`).toBe(false);
  expect(pageWidth).toBeLessThanOrEqual(width);
}

describe('header', () => {
  test('signed out, the logo, wishlist, cart, login and menu never overlap, from 360 px to wide', async ({ page }) => {
    for (const width of [360, 412, 576, 768, 992, 1100, 1280]) await expectTidyHeader(page, width);
  });

  test('signed in, the header fits from 360 px to wide', async ({ page, context }) => {
    await signIn(context);
    for (const width of [360, 768, 992, 1280]) await expectTidyHeader(page, width);
  });

  test("the header's wishlist link counts the saved courses and opens the wishlist (keyboard, 360 px)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/courses');
    const link = page.getByRole('link', { name: 'Wishlist', exact: true });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/wishlist');
    await page.getByRole('button', { name: `Wishlist: ${priceAction.title}` }).click();
    await page.getByRole('link', { name: 'Wishlist, 1 course' }).waitFor();
    await page.getByRole('button', { name: `Wishlist: ${riskManagement.title}` }).click();
    const two = page.getByRole('link', { name: 'Wishlist, 2 courses' });
    await two.waitFor();
    expect(await two.locator('.badge').textContent()).toBe('2');

    await two.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/wishlist$/);
    await page.locator('.wishlist-item', { hasText: riskManagement.title }).waitFor();
    await page.getByRole('button', { name: `Remove ${priceAction.title} from wishlist` }).click();
    await page.getByRole('link', { name: 'Wishlist, 1 course' }).waitFor();
    // The count is the browser's wishlist: it is there after a reload.
    await page.reload();
    await page.getByRole('link', { name: 'Wishlist, 1 course' }).waitFor();
  });

  test("the learner's dashboard links to the wishlist", async ({ page, context }) => {
    await signIn(context);
    await page.goto('/profile');
    const dashboard = page.getByRole('navigation', { name: 'Dashboard' });
    await dashboard.getByRole('link', { name: 'Wishlist' }).click();
    await page.waitForURL(/\/wishlist$/);
    await page.getByText('Your Wishlist is Empty').waitFor();
  });
});
