import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@shop/shared';
import { describe } from 'vitest';
import { axeViolations } from './support/axe';
import { expect, test } from './support/browser';
import { createCourseAs } from './support/shop';
import { type E2EUser, signIn } from './support/users';

// Issue 15: the operator uploads a lesson's own video in the console and watches its job finish.

/** A course whose one lesson is a video lesson, made through the console's API as the admin's browser would. */
async function createCourse(admin: E2EUser): Promise<string> {
  const course = await createCourseAs(admin, {
    title: `Candles on video ${Date.now().toString(36)}`,
    tag: 'Candles',
    courseDescription: 'Reading candles.',
    whatYoullLearn: ['Candles'],
    curriculum: [{ title: 'Doji', duration: '4 min', content: 'Indecision.' }],
    lessonVideos: ['https://youtu.be/aqz-KE-bpKQ'],
  });
  return course.id;
}

/** A 3 s test-pattern clip with a tone, made by ffmpeg (the server's transcode needs it anyway). */
function makeClip(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-video-'));
  const file = path.join(dir, 'doji lesson.mp4');
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=10'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', file],
  ]);
  return file;
}

describe('the operator’s lesson video', () => {
  test('uploads a clip on a video lesson, sees the upload and the job progress, then “ready” with its rungs', async ({
    page,
    context,
  }) => {
    const admin = await signIn(context, { role: 'admin' });
    const courseId = await createCourse(admin);
    const clip = makeClip();
    await page.goto(`/admin/courses/${courseId}`);
    await page.getByRole('heading', { name: 'Sections and lessons' }).waitFor();
    const where = ' lesson 1 in section 1';
    await expect.poll(() => page.getByText(messages.videoNone).count()).toBe(1);

    // Every text the status region shows, kept as it changes: the upload and the job may pass quickly.
    await page.evaluate(() => {
      const region = document.querySelector('.lesson-video-status');
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      if (region) {
        new MutationObserver(() => seen.push(region.textContent ?? '')).observe(region, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      }
    });
    await page.getByLabel(`${messages.videoChooseFile}${where}`).setInputFiles(clip);
    await page.getByText(/^Ready: 0:03, 180p/).waitFor({ timeout: 120_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen.join('\n'));
    expect(seen).toMatch(/Uploading \d+ %/);
    expect(seen).toMatch(/Waiting to be processed|Processing \d+ %/);

    // The file input now offers a replacement; Delete and captions are there, labelled for the lesson.
    await page.getByLabel(`${messages.videoReplaceFile}${where}`).waitFor();
    await page.getByRole('button', { name: `${messages.videoDelete}${where}` }).waitFor();
    await page.getByLabel(`${messages.videoCaptions}${where}`).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    fs.rmSync(path.dirname(clip), { recursive: true, force: true });
  }, 180_000);
});
