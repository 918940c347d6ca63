import { type LearnCourseResponse, learnCourseResponse, saveProgressResponse } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../../test/admin-test-client.js';
import { createSeededTestApp, createSignedInUser, engine, type TestUser } from '../../../test/helpers.js';
import { refundInFull } from '../../../test/refunds.js';
import { buy } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { syncCourseLessons } from './sync-course-lessons.js';

const courseId = demoCourses[0]?._id ?? '';
const otherCourseId = demoCourses[1]?._id ?? '';

const t = useTestApp(createSeededTestApp);

// The demo seed links no video elsewhere (issue 32): the first course's first three lessons get YouTube
// links here, as an owner who pastes them would have them (the seed makes the first one its preview).
beforeAll(async () => {
  const links = [1, 2, 3].map((n) => `https://www.youtube.com/watch?v=TSlsnPA01L${n}`);
  await t.database.db
    .updateTable('courses')
    .set({ lesson_videos: JSON.stringify(links) })
    .where('id', '=', courseId)
    .execute();
  await syncCourseLessons(t.database.db, courseId);
  t.app.deps.catalogCache.invalidate();
});

const origin = () => new URL(t.config.publicUrl).origin;
const learn = (user: TestUser | null, id = courseId) =>
  t.app.inject({ url: `/api/learn/${id}`, headers: user ? { cookie: user.cookie } : {} });
const save = (user: TestUser | null, lessonId: string, payload: object, id = courseId) =>
  t.app.inject({
    method: 'POST',
    url: `/api/learn/${id}/lessons/${lessonId}/progress`,
    headers: { origin: origin(), ...(user ? { cookie: user.cookie } : {}) },
    payload,
  });
const lessonsOf = (body: LearnCourseResponse) => body.sections.flatMap((section) => section.lessons);

async function owner() {
  const bought = await buy(t, [courseId]);
  const res = await learn(bought.user);
  expect(res.statusCode).toBe(200);
  return { ...bought, course: res.json() as LearnCourseResponse };
}

describe(`GET /api/learn/{courseId} (${engine})`, () => {
  it('gives the owner the sections and lessons with content, ticks and a fresh progress', async () => {
    const { course } = await owner();
    const lessons = lessonsOf(course);
    expect(course.course._id).toBe(courseId);
    expect(course.sections).toHaveLength(1);
    expect(lessons.map((lesson) => lesson.title)).toEqual(demoCourses[0]?.curriculum.map((item) => item.title));
    expect(lessons[0]).toMatchObject({ kind: 'video', preview: true, completed: false, positionSeconds: 0 });
    expect(lessons[0]?.videoLink).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    expect(lessons[0]?.attachments?.map((file) => file.name)).toEqual([
      'Pre-Market Trading Checklist.pdf',
      'Trade Journal Template.csv',
    ]);
    expect(lessons[4]).toMatchObject({
      kind: 'text',
      videoLink: '',
      content: 'Putting it together with a written checklist.',
    });
    expect(course.progress).toEqual({ completed: 0, total: 5, percent: 0, lastLessonId: null, lastPositionSeconds: 0 });
    expect(learnCourseResponse.parse(course)).toEqual(course);
  });

  it('shows a course file the console adds or removes on the next call, though the structure is kept between calls', async () => {
    const { user } = await owner();
    const asAdmin = callAs(t, await createSignedInUser(t.database.db, { role: 'admin' }));
    const names = async () =>
      lessonsOf((await learn(user)).json() as LearnCourseResponse).flatMap((lesson) =>
        (lesson.attachments ?? []).map((file) => file.name),
      );
    const before = await names();
    const added = await asAdmin(
      'POST',
      `/api/admin/courses/${courseId}/files?name=Added.pdf`,
      Buffer.from('%PDF-1.4\n'),
      {
        'content-type': 'application/pdf',
      },
    );
    expect(added.statusCode).toBe(200);
    expect(await names()).toEqual([...before, 'Added.pdf']);
    const removed = await asAdmin('DELETE', `/api/admin/courses/${courseId}/files/${added.json().file.id}`);
    expect(removed.statusCode).toBe(200);
    expect(await names()).toEqual(before);
  });

  it('asks a visitor to sign in (401) and refuses another learner (403), sending no lesson content', async () => {
    const visitor = await learn(null);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toEqual({ ok: false, message: 'Please log in.' });
    const other = await buy(t, [otherCourseId]);
    const refused = await learn(other.user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      ok: false,
      message: 'You are not enrolled in this course. Buy it to open its lessons.',
    });
    expect(refused.body).not.toContain('youtube');
    const stranger = await createSignedInUser(t.database.db);
    expect((await learn(stranger, 'ffffffffffffffffffffffff')).statusCode).toBe(403);
    expect((await learn(stranger, 'not-an-id')).statusCode).toBe(400);
  });

  it('refuses a buyer whose order was refunded, and their progress saves too', async () => {
    const opened = await buy(t, [courseId]);
    const lessonId = lessonsOf((await learn(opened.user)).json())[0]?.id ?? '';
    expect((await save(opened.user, lessonId, { positionSeconds: 5, completed: false })).statusCode).toBe(200);
    await refundInFull(t, opened.orderId);
    expect((await learn(opened.user)).statusCode).toBe(403);
    expect((await save(opened.user, lessonId, { positionSeconds: 9, completed: true })).statusCode).toBe(403);
    // The refused save wrote nothing: the ownership check is part of the write itself.
    const kept = await t.database.db
      .selectFrom('lesson_progress')
      .select(['position_seconds', 'completed_at'])
      .where('user_id', '=', opened.user.id)
      .execute();
    expect(kept).toEqual([{ position_seconds: 5, completed_at: null }]);
  });
});

describe(`POST /api/learn/{courseId}/lessons/{lessonId}/progress (${engine})`, () => {
  it('is idempotent, never un-completes, and the course answer resumes at the last lesson and position', async () => {
    const { user, course } = await owner();
    // A text lesson completes on request; a linked video, only once watched (watched-time.test.ts).
    const [, second, , , first] = lessonsOf(course);
    if (!first || !second) throw new Error('expected five lessons');
    const done = { positionSeconds: 600, completed: true };
    const once = await save(user, first.id, done);
    const twice = await save(user, first.id, done);
    expect(once.statusCode).toBe(200);
    expect(twice.json()).toEqual(once.json());
    expect(once.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(saveProgressResponse.parse(once.json())).toEqual(once.json());
    expect(once.json()).toMatchObject({
      lessonId: first.id,
      completed: true,
      positionSeconds: 600,
      progress: { completed: 1, total: 5, percent: 20, lastLessonId: first.id, lastPositionSeconds: 600 },
    });
    const later = await save(user, first.id, { positionSeconds: 12, completed: false });
    expect(later.json()).toMatchObject({ completed: true, positionSeconds: 12, progress: { completed: 1 } });

    await new Promise((resolve) => setTimeout(resolve, 5));
    const watching = await save(user, second.id, { positionSeconds: 95, completed: false });
    expect(watching.json().progress).toEqual({
      completed: 1,
      total: 5,
      percent: 20,
      lastLessonId: second.id,
      lastPositionSeconds: 95,
    });
    const againResponse = await learn(user);
    expect(againResponse.headers['content-type']).toBe('application/json; charset=utf-8');
    const again = againResponse.json() as LearnCourseResponse;
    // The route sends the answer as built, without the run-time schema check: it must be exactly the contract's
    // shape (parsing drops any field the contract does not name, so an extra field fails here).
    expect(learnCourseResponse.parse(again)).toEqual(again);
    expect(lessonsOf(again).map((lesson) => [lesson.completed, lesson.positionSeconds])).toEqual([
      [false, 0],
      [false, 95],
      [false, 0],
      [false, 0],
      [true, 12],
    ]);
    expect(again.progress).toMatchObject({ lastLessonId: second.id, lastPositionSeconds: 95 });

    const enrolled = await t.app.inject({ url: '/api/enrolled-courses', headers: { cookie: user.cookie } });
    expect(enrolled.json().courses[0].progress).toEqual({ completed: 1, total: 5, percent: 20 });
  });

  it('refuses a visitor, a non-owner, a lesson of another course and a bad body, saving nothing', async () => {
    const { user, course } = await owner();
    const lessonId = lessonsOf(course)[0]?.id ?? '';
    const other = await buy(t, [otherCourseId]);
    const otherLesson = lessonsOf((await learn(other.user, otherCourseId)).json())[0]?.id ?? '';
    const body = { positionSeconds: 30, completed: true };
    expect((await save(null, lessonId, body)).statusCode).toBe(401);
    expect((await save(other.user, lessonId, body)).statusCode).toBe(403);
    // A non-owner learns nothing of which lessons a course has: another course's lesson is refused alike.
    expect((await save(other.user, otherLesson, body, courseId)).statusCode).toBe(403);
    const foreign = await save(user, otherLesson, body);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('This lesson is not part of the course.');
    for (const bad of [
      { positionSeconds: -1, completed: true },
      { positionSeconds: 1.5, completed: false },
      { completed: true },
    ]) {
      expect((await save(user, lessonId, bad)).statusCode).toBe(400);
    }
    const rows = await t.database.db
      .selectFrom('lesson_progress')
      .select('lesson_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe(`GET /api/learn/{courseId}/previews (${engine})`, () => {
  it("gives anyone the preview lessons' videos and bodies, and nothing of the other lessons", async () => {
    const res = await t.app.inject({ url: `/api/learn/${courseId}/previews` });
    expect(res.statusCode).toBe(200);
    const { lessons } = res.json();
    expect(lessons).toHaveLength(1);
    expect(lessons[0]).toMatchObject({ index: 0, title: demoCourses[0]?.curriculum[0]?.title });
    expect(Object.keys(lessons[0]).sort()).toEqual([
      'content',
      'duration',
      'id',
      'index',
      'ownVideo',
      'title',
      'videoLink',
    ]);
    expect(res.body).not.toContain('L2');
    expect((await t.app.inject({ url: '/api/learn/ffffffffffffffffffffffff/previews' })).statusCode).toBe(404);
  });

  it('stops giving the previews on the next call once the console unpublishes the course', async () => {
    const asAdmin = callAs(t, await createSignedInUser(t.database.db, { role: 'admin' }));
    const previews = () => t.app.inject({ url: `/api/learn/${otherCourseId}/previews` });
    expect((await previews()).statusCode).toBe(200);
    try {
      const unpublished = await asAdmin('POST', `/api/admin/courses/${otherCourseId}/publish`, { published: false });
      expect(unpublished.statusCode).toBe(200);
      expect((await previews()).statusCode).toBe(404);
    } finally {
      await asAdmin('POST', `/api/admin/courses/${otherCourseId}/publish`, { published: true });
    }
  });
});
