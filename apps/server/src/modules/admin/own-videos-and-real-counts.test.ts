import type { AdminCourseStructure, EnrolledCourse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../../test/admin-app.js';
import { courseForm } from '../../../test/admin-test-client.js';
import { buy } from '../../../test/test-purchases.js';
import { makeReadyVideo } from '../../../test/test-video.js';

/*
 * Issue 32, items 14 and 16 as the owner and the learner meet them: a course and its video lessons need
 * no YouTube link, Enrolled Courses' 'Watch Video N' buttons name our own videos (never their links), and
 * a course's student count is its enrolments, not a typed figure.
 */
const { t, asAdmin: call } = useAdminApp();

const link = 'https://youtu.be/aqz-KE-bpKQ';

async function createCourse(overrides: Parameters<typeof courseForm>[0] = {}) {
  const res = await call('POST', '/api/admin/courses', courseForm(overrides));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().course.id as string;
}

async function structureOf(id: string) {
  return (await call('GET', `/api/admin/courses/${id}/structure`)).json() as AdminCourseStructure;
}

describe('a course of our own videos (issue 32, item 14)', () => {
  it('creates a course without a preview link', async () => {
    const id = await createCourse({ videoLink: '', lessonVideos: [] });
    expect((await call('GET', `/api/admin/courses/${id}`)).json().course.videoLink).toBe('');
    expect((await t.app.inject({ url: `/api/courses/${id}` })).json().course.videoLink).toBe('');
  });

  it('saves a video lesson with no link (its video is the upload)', async () => {
    const id = await createCourse({ lessonVideos: [] });
    const [section] = (await structureOf(id)).sections;
    if (!section) throw new Error('the course has no section');
    const lessons = section.lessons.map(({ hasProgress: _begun, ...lesson }) => lesson);
    const put = await call('PUT', `/api/admin/courses/${id}/structure`, {
      sections: [
        {
          id: section.id,
          title: section.title,
          lessons: lessons.map((l, i) => (i === 0 ? { ...l, kind: 'video', videoLink: '' } : l)),
        },
      ],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect((await structureOf(id)).sections[0]?.lessons[0]).toMatchObject({ kind: 'video', videoLink: '' });
  });

  it("gives each video lesson a 'Watch Video' entry: our own video by lesson, a link only for a lesson without one", async () => {
    const id = await createCourse({
      curriculum: [
        { title: 'Own video with a stale link', duration: '', content: '' },
        { title: 'Linked video', duration: '', content: '' },
        { title: 'Reading', duration: '', content: '' },
      ],
      lessonVideos: [link, 'https://youtu.be/dQw4w9WgXcQ'],
    });
    const [own, linked, reading] = (await structureOf(id)).sections[0]?.lessons ?? [];
    if (!own || !linked || !reading) throw new Error('the course has not three lessons');
    await makeReadyVideo(t.database.db, t.config.dataDir, own.id, { width: 320, height: 180, seconds: 2 });
    const { user } = await buy(t, [id]);
    const res = await t.app.inject({ url: '/api/enrolled-courses', headers: { cookie: user.cookie } });
    const mine = (res.json().courses as EnrolledCourse[]).find((course) => course._id === id);
    expect(mine?.videos).toEqual([
      { lessonId: own.id, title: own.title, ownVideo: true, videoLink: '' },
      { lessonId: linked.id, title: linked.title, ownVideo: false, videoLink: 'https://youtu.be/dQw4w9WgXcQ' },
    ]);
    // The link the owner left on a lesson that plays our own video never reaches the learner.
    expect(res.body).not.toContain('aqz-KE-bpKQ');

    const noVideo = await createCourse({ lessonVideos: [] });
    const { user: reader } = await buy(t, [noVideo]);
    const theirs = (await t.app.inject({ url: '/api/enrolled-courses', headers: { cookie: reader.cookie } })).json();
    expect(theirs.courses[0].videos).toEqual([]);
  });
});

describe("a course's student count (issue 32, item 16)", () => {
  it('counts the learners who own it now; a typed count is not kept', async () => {
    const id = await createCourse({ students: 1240 } as Parameters<typeof courseForm>[0]);
    expect((await call('GET', `/api/admin/courses/${id}`)).json().course).not.toHaveProperty('students');
    await buy(t, [id]);
    await buy(t, [id]);
    // A refunded learner's enrolment is revoked: it no longer counts.
    const { user: refunded } = await buy(t, [id]);
    await t.database.db
      .updateTable('enrolments')
      .set({ revoked_at: new Date().toISOString() })
      .where('user_id', '=', refunded.id)
      .execute();
    t.app.deps.catalogCache.invalidate();
    expect((await t.app.inject({ url: `/api/courses/${id}` })).json().course.students).toBe(2);
    const card = (await t.app.inject({ url: '/api/courses' }))
      .json()
      .courses.find((c: { _id: string }) => c._id === id);
    expect(card.students).toBe(2);
    const other = await createCourse();
    expect((await t.app.inject({ url: `/api/courses/${other}` })).json().course.students).toBe(0);
  });
});
