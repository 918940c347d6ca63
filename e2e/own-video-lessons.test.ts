import { beforeAll, describe } from 'vitest';
import { requireFfmpeg } from '../apps/server/test/test-clips';
import { axeViolations } from './support/axe';
import { expect, test } from './support/browser';
import { attachOwnVideo } from './support/own-videos';
import { createCourseAs, stubYouTube } from './support/shop';
import { withShopDatabase } from './support/shop-database';
import { createVerifiedUser, grantCourse, signIn } from './support/users';

/*
 * Issue 32, item 14: a lesson's video is the owner's upload or a link. On Enrolled Courses each 'Watch
 * Video N' opens that lesson in our protected player (watermark, progress saved) when it has a video of
 * its own, its link only when it has none; a course without video lessons has no such button. A course
 * without a preview link plays its free-preview lesson of our own video from the course page.
 */
const course = { id: '64a1f0c2b7e4d1a2c3e50002', title: 'The 15-Minute Trend-Following System' };
let own = { id: '', title: '' };
let noVideoCourse = { id: '', title: '' };

beforeAll(async () => {
  requireFfmpeg();
  // The course's first lesson (its free preview): a video of our own, and a stale link left on it.
  own = withShopDatabase(
    (db) =>
      db
        .prepare(
          `select course_lessons.id, course_lessons.title from course_lessons join course_sections on course_sections.id = course_lessons.section_id
           where course_lessons.course_id = ? order by course_sections.position, course_lessons.position limit 1`,
        )
        .get(course.id) as { id: string; title: string },
  );
  await attachOwnVideo(own.id, { width: 426, height: 240, seconds: 4 }, { preview: true });
  noVideoCourse = await createCourseAs(createVerifiedUser({ role: 'admin' }), {
    title: `Reading Only ${Date.now().toString(36)}`,
    tag: 'Reading',
    courseDescription: 'Text lessons only.',
    whatYoullLearn: ['Reading charts'],
    curriculum: [{ title: 'A text lesson', duration: '5 min', content: 'Words only.' }],
    lessonVideos: [],
  });
  // Nor a preview link: nothing to play from its page.
  withShopDatabase((db) => db.prepare(`update courses set video_link = '' where id = ?`).run(noVideoCourse.id));
}, 180_000);

describe("Enrolled Courses' Watch Video buttons", () => {
  test('our own video opens in the protected player and saves progress; a linked lesson shows its link; no video, no button', async ({
    page,
    context,
  }) => {
    const user = await signIn(context);
    grantCourse(user.id, course.id);
    grantCourse(user.id, noVideoCourse.id);
    await stubYouTube(page);
    const youTube: string[] = [];
    page.on('request', (request) => {
      if (/youtube/.test(request.url())) youTube.push(request.url());
    });
    await page.goto('/enrolled-courses');

    const card = page.getByRole('article', { name: course.title });
    await card.getByRole('button', { name: 'Watch Video 1' }).waitFor();
    // The fixture links the course's first two lessons (linked-demo-videos.ts); the first plays our own video.
    expect(await card.getByRole('button', { name: /^Watch Video \d$/ }).allTextContents()).toEqual([
      'Watch Video 1',
      'Watch Video 2',
    ]);
    const noVideoCard = page.getByRole('article', { name: noVideoCourse.title });
    await noVideoCard.getByRole('link', { name: noVideoCourse.title }).waitFor();
    expect(await noVideoCard.getByRole('button', { name: /^Watch Video/ }).count()).toBe(0);

    const saved = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().includes(`/lessons/${own.id}/progress`),
    );
    await card.getByRole('button', { name: 'Watch Video 1' }).click();
    const popup = page.getByRole('dialog', { name: `Video: ${course.title}: ${own.title}` });
    await popup.waitFor();
    const video = popup.locator('video');
    await video.waitFor();
    await page.waitForFunction(
      () => ((document.querySelector('dialog video') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.5,
      undefined,
      { timeout: 60_000 },
    );
    expect(await popup.getByTestId('video-watermark').textContent()).toContain(user.email);
    expect(await popup.locator('iframe').count()).toBe(0);
    expect(youTube).toEqual([]);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });
    // Closing the popup saves where the learner was, as the course player does.
    const body = (await saved).postDataJSON() as { positionSeconds: number };
    expect(body.positionSeconds).toBeGreaterThanOrEqual(0);

    await card.getByRole('button', { name: 'Watch Video 2' }).click();
    const linked = page.getByRole('dialog', { name: /^Video: / });
    await linked.locator('iframe').waitFor();
    expect(await linked.locator('iframe').getAttribute('src')).toMatch(/youtube-nocookie\.com\/embed\/TSlsnTF02L2/);
    expect(await linked.locator('video').count()).toBe(0);
  });
});

describe('the course page preview without a preview link', () => {
  test('plays the free-preview lesson of our own video; a course with neither has no play button', async ({ page }) => {
    await page.goto(`/course-details/${course.id}`);
    await page.getByRole('link', { name: 'login' }).waitFor();
    await page.getByRole('button', { name: 'Play the course preview' }).click();
    const popup = page.getByRole('dialog', { name: `Video: ${own.title}` });
    await popup.locator('video').waitFor();
    expect(await popup.locator('iframe').count()).toBe(0);
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });

    await page.goto(`/course-details/${noVideoCourse.id}`);
    await page.getByRole('heading', { level: 1, name: noVideoCourse.title }).waitFor();
    await page.getByRole('link', { name: 'login' }).waitFor();
    expect(await page.getByRole('button', { name: 'Play the course preview' }).count()).toBe(0);
  });
});
