import type { EnrolledCourse } from '@shop/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../../../test/helpers.js';
import { requireFfmpeg } from '../../../test/test-clips.js';
import { seedDemo, seedIfEmpty } from '../../seed/seed.js';
import { demoLearning, demoVideoLessonIds } from '../../seed/seed-learning.js';
import { DEMO_RECORDED_SESSION_ID } from '../../seed/seed-live-sessions.js';
import { grantEnrolment } from '../learning/grant-enrolment.js';
import { startVideoWork } from './index.js';
import { makeDemoClips } from './make-demo-clips.js';

/*
 * Issue 32, item 16: the demo catalogue links to no video that does not exist. At the first start (an
 * empty database and the app's job engine) the seed asks, in the background, for ffmpeg test clips that
 * go through the transcode queue like an owner's upload, so the demo's video lessons are our own protected
 * videos; without ffmpeg they stay text lessons.
 */
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const allLessons = (app: TestApp) =>
  app.database.db.selectFrom('course_lessons').select(['id', 'course_id', 'kind', 'video_link', 'video_id']).execute();

describe('the demo seed', () => {
  it('makes the demo lessons our own videos at the first start, in the background, with no YouTube link anywhere', async () => {
    requireFfmpeg();
    const app = await createTestApp();
    t = app;
    // The process makes the clips and transcodes them, as one whose SHOP_ROLE is both (run-jobs.ts).
    await startVideoWork(app.app);
    // Returns with the catalogue written; the clips come afterwards, from the job queue.
    expect(await seedIfEmpty(app.database.db, app.app.deps.storage, app.app.deps.jobs)).toBe(12);
    const courses = await app.database.db.selectFrom('courses').select(['video_link', 'lesson_videos']).execute();
    expect(courses.every((course) => course.video_link === '' && course.lesson_videos === '[]')).toBe(true);

    const wanted = demoLearning.reduce((sum, course) => sum + course.videoLessons, 0);
    await vi.waitFor(
      async () => {
        const lessons = await allLessons(app);
        expect(lessons.filter((lesson) => lesson.video_id !== null)).toHaveLength(wanted);
      },
      { timeout: 240_000, interval: 500 },
    );
    const lessons = await allLessons(app);
    expect(lessons.every((lesson) => lesson.video_link === '')).toBe(true);
    expect(lessons.filter((lesson) => lesson.kind === 'video')).toHaveLength(wanted);

    // A buyer's 'Watch Video' buttons are the course's own videos.
    const first = demoLearning[0];
    if (!first) throw new Error('no demo course');
    const learner = await createSignedInUser(app.database.db);
    await grantEnrolment(app.database.db, learner.id, first.courseId, new Date());
    const res = await app.app.inject({ url: '/api/enrolled-courses', headers: { cookie: learner.cookie } });
    const [mine] = res.json().courses as EnrolledCourse[];
    expect(mine?.videos).toHaveLength(first.videoLessons);
    expect(mine?.videos.every((video) => video.ownVideo && video.videoLink === '')).toBe(true);
    // Its first lesson, the free preview, is what the course page plays.
    const previews = (await app.app.inject({ url: `/api/learn/${first.courseId}/previews` })).json();
    expect(previews.lessons[0]).toMatchObject({ ownVideo: true, videoLink: '' });

    // Yesterday's demo live session has its recording from the same queue (issue 35, recordings).
    await vi.waitFor(
      async () => {
        const recording = await app.database.db
          .selectFrom('lesson_videos')
          .select('status')
          .where('live_session_id', '=', DEMO_RECORDED_SESSION_ID)
          .executeTakeFirst();
        expect(recording?.status).toBe('ready');
      },
      { timeout: 60_000, interval: 500 },
    );
  }, 300_000);

  it('leaves the demo lessons as text lessons without ffmpeg', async () => {
    const app = await createTestApp();
    t = app;
    await seedDemo(app.database.db, app.app.deps.storage);
    const queued: string[] = [];
    const made = await makeDemoClips(
      {
        db: app.database.db,
        queue: {
          enqueue: () => queued.push('job'),
          start: async () => {},
          stop: async () => {},
          cancel: async () => {},
        },
        storage: app.app.deps.videoStorage,
        ffmpegPath: '/nonexistent/ffmpeg',
        dataDir: app.config.dataDir,
        log: app.app.log,
      },
      await demoVideoLessonIds(app.database.db),
    );
    expect(made).toBe(0);
    expect(queued).toEqual([]);
    const lessons = await allLessons(app);
    expect(lessons.every((lesson) => lesson.kind !== 'video' && lesson.video_link === '')).toBe(true);
    expect(await app.database.db.selectFrom('lesson_videos').select('id').execute()).toEqual([]);
  });
});
