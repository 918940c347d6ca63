import Database from 'better-sqlite3';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, inject } from 'vitest';
import { hashToken, newToken } from '../apps/server/src/auth/tokens';
import { newId } from '../apps/server/src/ids';
import { requireFfmpeg } from '../apps/server/test/test-clips';
import { axeViolations } from './support/axe';
import { allowFailedResources, baseURL, expect, test } from './support/browser';
import { attachOwnVideo } from './support/own-videos';
import { addSessionCookie, grantCourse, signIn } from './support/users';

// Issue 15: a buyer plays a lesson's own encrypted stream in Chromium (H.264 through Media Source
// Extensions, checked on this machine), with the watermark over it, switches quality, resumes after a
// reload, and a third device of the same account is told about the device limit.
const courseId = '64a1f0c2b7e4d1a2c3e50009';
let lessonId = '';

function shopDatabase() {
  const db = new Database(`${inject('dataDir')}/shop.sqlite`);
  db.pragma('busy_timeout = 5000');
  return db;
}

beforeAll(async () => {
  requireFfmpeg();
  const db = shopDatabase();
  try {
    const lesson = db
      .prepare(
        `select course_lessons.id from course_lessons join course_sections on course_sections.id = course_lessons.section_id
         where course_lessons.course_id = ? and course_lessons.preview = 0
         order by course_sections.position, course_lessons.position limit 1`,
      )
      .get(courseId) as { id: string };
    lessonId = lesson.id;
  } finally {
    db.close();
  }
  // 12 s at 854x480: two 6 s segments in each of two rungs (480p, 240p).
  await attachOwnVideo(lessonId, { width: 854, height: 480, seconds: 12 });
}, 180_000);

/** Another browser of the same account: a second session, as signing in there would make. */
async function sameAccountElsewhere(context: BrowserContext, userId: string) {
  const token = newToken();
  const db = shopDatabase();
  try {
    const now = new Date();
    db.prepare(
      `insert into sessions (id, token_hash, user_id, created_at, last_seen_at, expires_at) values (?, ?, ?, ?, ?, ?)`,
    ).run(
      newId(),
      hashToken(token),
      userId,
      now.toISOString(),
      now.toISOString(),
      new Date(now.getTime() + 86_400_000).toISOString(),
    );
  } finally {
    db.close();
  }
  const browser = context.browser();
  if (!browser) throw new Error('no browser');
  const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await addSessionCookie(other, { id: userId, email: '', username: '', token });
  return other;
}

/**
 * How long one wait for an event (a frame decoded, a segment fetched, a position saved) may take: waits
 * end on the event, and this bound is only for an event that never comes. It is wide because a loaded
 * 2-core machine decodes and plays slowly; the test's own 120 s bound still holds the whole.
 */
const EVENT_WAIT = { timeout: 60_000 };

const videoTime = (page: Page) => page.locator('video').evaluate((video: HTMLVideoElement) => video.currentTime);

async function waitForTime(page: Page, atLeast: number) {
  await page.waitForFunction(
    (seconds) => (document.querySelector('video')?.currentTime ?? 0) >= seconds,
    atLeast,
    EVENT_WAIT,
  );
}

describe('a lesson with its own video', () => {
  test('plays with the watermark over it, switches quality, resumes after reload; a third device is told', async ({
    page,
    context,
    consoleErrors,
  }) => {
    const user = await signIn(context);
    grantCourse(user.id, courseId);
    const lessonUrl = `/learn/${courseId}/${lessonId}`;

    // The first grant is answered as if it expired in 15 s: the player must renew it before it fetches
    // the playlist with it (it renews within 20 s of expiry), never sending a link about to die.
    const grants: string[] = [];
    await page.route(/\/playback$/, async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      grants.push(body.signedQuery);
      if (grants.length === 1 && body.ok) body.expiresAt = new Date(Date.now() + 15_000).toISOString();
      await route.fulfill({ response, json: body });
    });
    const requests: string[] = [];
    const masterQueries: string[] = [];
    const savedPositions: number[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      requests.push(url.pathname);
      if (url.pathname.endsWith('/master.m3u8')) masterQueries.push(url.search);
      if (request.url().endsWith(`/lessons/${lessonId}/progress`))
        savedPositions.push(JSON.parse(request.postData() ?? '{}').positionSeconds);
    });
    // The saves the server has answered: a save still in flight when the page reloads may be cut off.
    const storedPositions: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith(`/lessons/${lessonId}/progress`) && response.ok())
        storedPositions.push(JSON.parse(response.request().postData() ?? '{}').positionSeconds);
    });

    await page.goto(lessonUrl);
    const video = page.locator('video');
    await video.waitFor();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, null, EVENT_WAIT);
    // The first of the video's keys, and segments fetched on the learner's signed URLs (decision 0028).
    expect(requests.some((p) => p.endsWith('/keys/0'))).toBe(true);
    expect(grants).toHaveLength(2);
    expect(await axeViolations(page)).toEqual([]);
    expect(masterQueries).toEqual([grants[1]]);

    // Keyboard: k plays.
    await video.focus();
    await page.keyboard.press('k');
    await waitForTime(page, 1.5);

    // The watermark: the learner's e-mail and today's date, visible, over the picture, taking no clicks.
    const watermark = page.getByTestId('video-watermark');
    await expect.poll(() => watermark.textContent()).toContain(user.email);
    expect(await watermark.isVisible()).toBe(true);
    const [mark, picture] = [await watermark.boundingBox(), await video.boundingBox()];
    if (!mark || !picture) throw new Error('no boxes');
    expect(mark.x).toBeGreaterThanOrEqual(picture.x);
    expect(mark.y).toBeGreaterThanOrEqual(picture.y);
    expect(mark.x + mark.width).toBeLessThanOrEqual(picture.x + picture.width + 1);
    expect(mark.y + mark.height).toBeLessThanOrEqual(picture.y + picture.height + 1);
    const style = await watermark.evaluate((element) => {
      const computed = getComputedStyle(element);
      const pointerEvents = computed.pointerEvents;
      // Hit testing skips an element that takes no clicks: let it take them for this one look.
      (element as HTMLElement).style.pointerEvents = 'auto';
      const over = document.elementsFromPoint(
        element.getBoundingClientRect().x + 2,
        element.getBoundingClientRect().y + 2,
      );
      (element as HTMLElement).style.pointerEvents = '';
      return {
        pointerEvents,
        opacity: Number(computed.opacity),
        visibility: computed.visibility,
        // The watermark is drawn above the video at its own place.
        aboveVideo: over.indexOf(element) >= 0 && over.indexOf(element) < over.findIndex((e) => e.tagName === 'VIDEO'),
      };
    });
    expect(style).toEqual({ pointerEvents: 'none', opacity: 1, visibility: 'visible', aboveVideo: true });
    // It moves.
    const before = await watermark.evaluate((element) => element.getAttribute('style'));
    await expect
      .poll(() => watermark.evaluate((element) => element.getAttribute('style')), EVENT_WAIT)
      .not.toBe(before);
    // Even at the farthest place a move can draw (right and bottom edge), the whole mark stays inside the
    // picture: before, a long e-mail placed there ran past the frame's edge and was cut off.
    const atFarthest = await watermark.evaluate((element) => {
      const random = Math.random;
      Math.random = () => 0.9999;
      (window as unknown as { restoreRandom: () => void }).restoreRandom = () => {
        Math.random = random;
      };
      return element.getAttribute('style');
    });
    await expect
      .poll(() => watermark.evaluate((element) => element.getAttribute('style')), EVENT_WAIT)
      .not.toBe(atFarthest);
    await page.evaluate(() => (window as unknown as { restoreRandom: () => void }).restoreRandom());
    // Past the move's 0.6 s transition: no transition left running on the mark.
    await expect.poll(() => watermark.evaluate((element) => element.getAnimations().length), EVENT_WAIT).toBe(0);
    const [farMark, farPicture] = [await watermark.boundingBox(), await video.boundingBox()];
    if (!farMark || !farPicture) throw new Error('no boxes');
    expect(farMark.x + farMark.width).toBeLessThanOrEqual(farPicture.x + farPicture.width + 1);
    expect(farMark.y + farMark.height).toBeLessThanOrEqual(farPicture.y + farPicture.height + 1);

    // Fullscreen (f) takes the wrapper with the watermark in it, never the bare video.
    await video.focus();
    await page.keyboard.press('f');
    await expect
      .poll(() =>
        page.evaluate(() => document.fullscreenElement?.contains(document.querySelector('.video-watermark')) ?? null),
      )
      .toBe(true);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

    // Quality: each rung on its own, and the picture goes on.
    const quality = page.getByLabel('Quality');
    const options = await quality.locator('option').allTextContents();
    expect(options).toEqual(['Auto', '480p', '240p']);
    for (const rung of ['240p', '480p']) {
      const segment = page.waitForResponse(
        (res) => res.url().includes(`/${rung}/segment-`) && res.status() === 200,
        EVENT_WAIT,
      );
      await quality.selectOption(rung);
      await segment;
    }
    const played = await videoTime(page);
    await waitForTime(page, Math.min(played + 1, 11));

    // Speed.
    await page.getByLabel('Speed').selectOption('1.5');
    expect(await video.evaluate((element: HTMLVideoElement) => element.playbackRate)).toBe(1.5);

    // Pause (space), then reload: the position saved on leaving is where the video starts again.
    await video.focus();
    await page.keyboard.press(' ');
    await page.waitForFunction(() => document.querySelector('video')?.paused === true);
    const pausedAt = await videoTime(page);
    // The position is saved every 10 s (one request per interval at most).
    await expect.poll(() => savedPositions.at(-1), EVENT_WAIT).toBe(Math.floor(pausedAt));
    // Reloaded only once the server has stored it (on a loaded machine the answer can come late).
    await expect.poll(() => storedPositions.at(-1), EVENT_WAIT).toBe(Math.floor(pausedAt));
    await page.reload();
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, null, EVENT_WAIT);
    await expect.poll(() => videoTime(page), EVENT_WAIT).toBeGreaterThanOrEqual(Math.floor(pausedAt) - 0.5);
    expect(await videoTime(page)).toBeLessThan(Math.floor(pausedAt) + 2);

    // A second device of the same account plays; a third is told, and may end the others' streams.
    const second = await sameAccountElsewhere(context, user.id);
    const secondPage = await second.newPage();
    await secondPage.goto(lessonUrl);
    await secondPage.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, null, EVENT_WAIT);
    const third = await sameAccountElsewhere(context, user.id);
    const thirdPage = await third.newPage();
    await thirdPage.goto(lessonUrl);
    const limit = thirdPage.getByRole('alert').filter({ hasText: 'You are already watching on 2 other devices' });
    await limit.waitFor();
    await limit.getByRole('button', { name: 'Stop playing on other devices' }).click();
    await thirdPage.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, null, EVENT_WAIT);
    await thirdPage.getByRole('alert').waitFor({ state: 'detached' });

    // The first device's player is refused at its next request and says why.
    await page.reload();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Playback stopped because this account started playing on another device.' })
      .waitFor();
    allowFailedResources(consoleErrors, 409);
    await second.close();
    await third.close();
  }, 120_000);
});
