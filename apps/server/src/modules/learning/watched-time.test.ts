import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSignedInUser, engine, type TestUser } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { newId } from '../../ids.js';
import { grantEnrolment } from './grant-enrolment.js';

// Issue 32 (L1): a video lesson is complete only once the learner watched 90 % of it, as the server
// measures it from the player's position saves; the clock is Date, faked here, never a sleep.
const t = useTestApp();
const origin = () => new URL(t.config.publicUrl).origin;
const START = new Date('2026-05-04T10:00:00.000Z').getTime();

afterEach(() => {
  vi.useRealTimers();
});

interface LessonSpec {
  kind: 'video' | 'text';
  duration?: string;
  videoLink?: string;
  /** A ready video of our own of this many seconds. */
  ownSeconds?: number;
}

/** A course of the given lessons (one section), owned by a new learner. */
async function courseOf(...specs: LessonSpec[]) {
  const { db } = t.database;
  const courseId = newId();
  const sectionId = newId();
  const stamp = new Date(START).toISOString();
  await db
    .insertInto('courses')
    .values({
      id: courseId,
      title: 'Reading the tape',
      thumb: '/images/x.svg',
      tag: 'Test',
      instructor: 'Meera Joshi',
      price_paise: 100000,
      level: 'Beginner',
      rating: 0,
      video_link: '',
      course_description: '',
      description: '',
      what_youll_learn: '[]',
      curriculum: '[]',
      published: 0,
      created_at: stamp,
      updated_at: stamp,
    })
    .execute();
  await db
    .insertInto('course_sections')
    .values({ id: sectionId, course_id: courseId, position: 0, title: 'One' })
    .execute();
  const lessonIds: string[] = [];
  for (const [position, spec] of specs.entries()) {
    const id = newId();
    lessonIds.push(id);
    await db
      .insertInto('course_lessons')
      .values({
        id,
        course_id: courseId,
        section_id: sectionId,
        position,
        title: `Lesson ${position + 1}`,
        kind: spec.kind,
        duration: spec.duration ?? '',
        video_link: spec.videoLink ?? '',
        video_id: null,
      })
      .execute();
    if (spec.ownSeconds !== undefined) {
      const videoId = newId();
      await db
        .insertInto('lesson_videos')
        .values({
          id: videoId,
          lesson_id: id,
          status: 'ready',
          source_path: null,
          eta_seconds: null,
          error: null,
          duration_seconds: spec.ownSeconds,
          width: 320,
          height: 180,
          rungs_json: '[]',
          created_at: stamp,
          updated_at: stamp,
          started_at: null,
          finished_at: stamp,
        })
        .execute();
      await db.updateTable('course_lessons').set({ video_id: videoId }).where('id', '=', id).execute();
    }
  }
  const user = await createSignedInUser(db);
  await grantEnrolment(db, user.id, courseId, new Date(START));
  return { courseId, lessonIds, user };
}

const LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** The player's save of a position at `second` seconds after START on the (faked) clock. */
function saver(user: TestUser, courseId: string) {
  return async (lessonId: string, atSecond: number, positionSeconds: number, completed = false) => {
    vi.setSystemTime(START + atSecond * 1000);
    return t.app.inject({
      method: 'POST',
      url: `/api/learn/${courseId}/lessons/${lessonId}/progress`,
      headers: { origin: origin(), cookie: user.cookie },
      payload: { positionSeconds, completed },
    });
  };
}

async function progressRow(userId: string, lessonId: string) {
  return t.database.db
    .selectFrom('lesson_progress')
    .select(['position_seconds', 'watched_seconds', 'completed_at'])
    .where('user_id', '=', userId)
    .where('lesson_id', '=', lessonId)
    .executeTakeFirst();
}

describe(`watched time completes a video lesson (${engine})`, () => {
  it('refuses a forged completion at position 0 (409, nothing saved), as for every lesson of a course', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { courseId, lessonIds, user } = await courseOf(
      { kind: 'video', videoLink: LINK, duration: '10 min' },
      { kind: 'video', ownSeconds: 95.4 },
    );
    const save = saver(user, courseId);
    for (const lessonId of lessonIds) {
      const res = await save(lessonId, 0, 0, true);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ ok: false, message: 'Watch at least 90 % of the video to complete it.' });
      expect(await progressRow(user.id, lessonId)).toBeUndefined();
    }
    // Nor does jumping to the end and asking, however often: only the wall-clock time between saves counts.
    const own = lessonIds[1] ?? '';
    expect((await save(own, 1, 0)).statusCode).toBe(200);
    for (let second = 2; second <= 6; second++) expect((await save(own, second, 95)).statusCode).toBe(200);
    expect((await save(own, 7, 95, true)).statusCode).toBe(409);
    expect(await progressRow(user.id, own)).toMatchObject({ completed_at: null, watched_seconds: 2 });
  });

  it('credits forward play at most twice as fast as the clock, and nothing for going back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { courseId, lessonIds, user } = await courseOf({ kind: 'video', ownSeconds: 600 });
    const lesson = lessonIds[0] ?? '';
    const save = saver(user, courseId);
    await save(lesson, 0, 0);
    await save(lesson, 10, 10); // 1x: 10 s
    await save(lesson, 20, 30); // 2x: 20 s
    await save(lesson, 30, 200); // a seek ahead: only 20 s
    await save(lesson, 40, 100); // back: nothing
    await save(lesson, 40, 140); // no time passed: nothing
    expect(await progressRow(user.id, lesson)).toMatchObject({ position_seconds: 140, watched_seconds: 50 });
  });

  it('completes a measured video by itself once 90 % was watched at 1x, and the course gives its certificate', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { courseId, lessonIds, user } = await courseOf(
      { kind: 'video', ownSeconds: 100 },
      { kind: 'video', videoLink: LINK, duration: '1:40' },
      { kind: 'text' },
    );
    await t.database.db
      .updateTable('users')
      .set({ certificate_name: 'Asha Patel' })
      .where('id', '=', user.id)
      .execute();
    const save = saver(user, courseId);
    const [own = '', linked = '', text = ''] = lessonIds;
    // Our own 100 s video (90 s needed): the player saves where it starts, then every 10 s.
    let answer = (await save(own, 0, 0)).json();
    for (let second = 10; second <= 80; second += 10) answer = (await save(own, second, second)).json();
    expect(answer.completed).toBe(false);
    expect((await save(own, 85, 85, true)).statusCode).toBe(409);
    answer = (await save(own, 90, 90)).json();
    expect(answer).toMatchObject({ completed: true, certificateId: null });
    // A linked video typed "1:40" counts as 99 s (its last second may be rounding): 90 s needed.
    await save(linked, 100, 0);
    for (let second = 110; second <= 190; second += 10) answer = (await save(linked, second, second - 100)).json();
    expect(answer).toMatchObject({ completed: true });
    // A text lesson completes when opened and marked.
    answer = (await save(text, 200, 0, true)).json();
    expect(answer).toMatchObject({ completed: true, progress: { completed: 3, total: 3, percent: 100 } });
    expect(answer.certificateId).toMatch(/^[a-z2-7]{16}$/);
  });

  it('completes on request a text lesson, and a video lesson whose duration the shop cannot know', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { courseId, lessonIds, user } = await courseOf(
      { kind: 'text' },
      { kind: 'video', videoLink: LINK, duration: '' },
      { kind: 'video', videoLink: LINK, duration: 'about ten minutes' },
      { kind: 'video' },
    );
    const save = saver(user, courseId);
    for (const lessonId of lessonIds) {
      const res = await save(lessonId, 0, 0, true);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().completed).toBe(true);
    }
  });

  it('credits once a stretch of time that two tabs save at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { courseId, lessonIds, user } = await courseOf({ kind: 'video', ownSeconds: 600 });
    const lesson = lessonIds[0] ?? '';
    const save = saver(user, courseId);
    await save(lesson, 0, 0);
    vi.setSystemTime(START + 10_000);
    const saves = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({
          method: 'POST',
          url: `/api/learn/${courseId}/lessons/${lesson}/progress`,
          headers: { origin: origin(), cookie: user.cookie },
          payload: { positionSeconds: 20, completed: false },
        }),
      ),
    );
    expect(saves.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(await progressRow(user.id, lesson)).toMatchObject({ watched_seconds: 20 });
  });
});
