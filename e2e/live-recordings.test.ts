import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@shop/shared';
import type { Page } from 'playwright-core';
import { beforeAll, describe, inject } from 'vitest';
import { newId } from '../apps/server/src/ids';
import { transcodeToHls } from '../apps/server/src/modules/video/transcode-to-hls';
import { createLocalVideoStorage } from '../apps/server/src/storage/video-storage';
import { ffmpegPath, ffprobePath, makeClip, requireFfmpeg } from '../apps/server/test/test-clips';
import { axeViolations } from './support/axe';
import { expect, test } from './support/browser';
import { unique } from './support/memberships';
import { withShopDatabase } from './support/shop-database';
import { addSessionCookie, createVerifiedUser, grantCourse, signIn } from './support/users';

// Issue 35, recordings in the browser: a learner of the course finds a past live session's released
// recording under Recordings on the live-sessions page, opens it, and it plays in the lessons' protected
// player (signed playlist and key, the watermark); a session of another course's recording is not listed.
// The operator uploads a past session's recording in the console, sees it ready, dates and removes it.

const courseId = '64a1f0c2b7e4d1a2c3e50002';
const otherCourseId = '64a1f0c2b7e4d1a2c3e50001';
const viewports = [
  { width: 360, height: 800 },
  { width: 1366, height: 900 },
];
const mine = `Market open, recorded ${unique()}`;
const notMine = `Other course, recorded ${unique()}`;

/** Test data: a session that took place yesterday (the console only schedules future ones). */
function pastSession(title: string, forCourse: string): string {
  const sessionId = newId();
  withShopDatabase((db) => {
    const now = new Date().toISOString();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    db.prepare(
      `insert into live_sessions (id, series_id, title, description, starts_at, duration_minutes, course_id, meeting_kind, room_name, created_at, updated_at)
       values (?, ?, ?, 'The first hour, read live.', ?, 60, ?, 'jitsi', ?, ?, ?)`,
    ).run(sessionId, sessionId, title, yesterday, forCourse, `tradeskool-${sessionId}`, now, now);
  });
  return sessionId;
}

/** With a clip transcoded into the shop's storage as the recording's upload would be, ready and released. */
async function pastSessionWithRecording(title: string, forCourse: string, work: string) {
  const sessionId = pastSession(title, forCourse);
  const videoId = newId();
  const made = await transcodeToHls({
    videoId,
    input: makeClip(work, `${sessionId}.mp4`, { width: 640, height: 360, seconds: 6 }),
    storage: createLocalVideoStorage(inject('dataDir')),
    tools: { ffmpegPath, ffprobePath },
  });
  withShopDatabase((db) => {
    const now = new Date().toISOString();
    db.prepare(
      `insert into lesson_videos (id, live_session_id, status, source_name, progress, duration_seconds, width, height, rungs_json, created_at, updated_at, finished_at)
       values (?, ?, 'ready', 'recording.mp4', 100, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(videoId, sessionId, made.durationSeconds, made.width, made.height, JSON.stringify(made.rungs), now, now, now);
  });
  return sessionId;
}

beforeAll(async () => {
  requireFfmpeg();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-recording-'));
  try {
    await pastSessionWithRecording(mine, courseId, work);
    await pastSessionWithRecording(notMine, otherCourseId, work);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}, 180_000);

const EVENT_WAIT = { timeout: 60_000 };
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('recordings of live sessions', () => {
  for (const viewport of viewports) {
    test(`at ${viewport.width} px: a learner of the course sees the released recording and it plays; axe-clean`, {
      timeout: 120_000,
    }, async ({ page, context }) => {
      await page.setViewportSize(viewport);
      const learner = await signIn(context);
      grantCourse(learner.id, courseId);
      const requests: string[] = [];
      page.on('request', (request) => requests.push(new URL(request.url()).pathname));

      await page.goto('/dashboard/live-sessions');
      const recordings = page.getByRole('region', { name: 'Recordings' });
      await recordings.waitFor();
      await recordings.getByText(mine).waitFor();
      expect(await recordings.getByText(notMine).count()).toBe(0);
      // The date in India time.
      expect(await recordings.getByRole('listitem').filter({ hasText: mine }).textContent()).toContain('IST');
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);

      // Keyboard: the recording's link, then the player.
      const watch = recordings.getByRole('link', { name: 'Watch the recording' });
      await watch.focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 2, name: mine }).waitFor();
      const video = page.locator('video');
      await video.waitFor();
      await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, null, EVENT_WAIT);
      expect(requests.some((p) => /\/api\/live-sessions\/[0-9a-f]{24}\/recording\/playback$/.test(p))).toBe(true);
      expect(requests.some((p) => p.endsWith('/keys/0'))).toBe(true);
      await video.focus();
      await page.keyboard.press('k');
      await page.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) >= 1, null, EVENT_WAIT);
      await expect.poll(() => page.getByTestId('video-watermark').textContent()).toContain(learner.email);
      expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

describe("the console's recording of a past session", () => {
  test('the operator uploads the recording, sees it ready, sets its release date and removes it; axe-clean', {
    timeout: 180_000,
  }, async ({ page, context }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await addSessionCookie(context, createVerifiedUser({ role: 'admin' }));
    const title = `Console recording ${unique()}`;
    pastSession(title, courseId);
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-recording-upload-'));
    try {
      const clip = makeClip(work, 'market open.mp4', { width: 320, height: 180, seconds: 3 });
      await page.goto('/admin/live-sessions');
      await page.getByRole('heading', { level: 1, name: 'Live sessions' }).waitFor();
      await page.getByRole('button', { name: new RegExp(`^Recording of ${title}`) }).click();
      const panel = page.getByRole('region', { name: `${messages.liveRecordingTitle}: ${title}` });
      await panel.getByText(messages.videoNone).waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await panel.getByLabel(messages.liveRecordingUpload).setInputFiles(clip);
      await panel.getByText(/^Ready: 0:03, 180p/).waitFor({ timeout: 120_000 });
      await panel.getByLabel(messages.liveRecordingReplace).waitFor();

      await panel.getByLabel(messages.liveRecordingReleaseAt).fill('2030-01-20T18:00');
      await panel.getByRole('button', { name: messages.liveRecordingSaveRelease }).click();
      await page.getByText(messages.liveRecordingReleaseSaved).waitFor();
      expect(await panel.getByLabel(messages.liveRecordingReleaseAt).inputValue()).toBe('2030-01-20T18:00');
      expect(await axeViolations(page)).toEqual([]);

      page.once('dialog', (dialog) => void dialog.accept());
      await panel.getByRole('button', { name: messages.liveRecordingRemove }).click();
      await panel.getByText(messages.videoNone).waitFor();
      expect(await panel.getByLabel(messages.liveRecordingReleaseAt).inputValue()).toBe('');
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
