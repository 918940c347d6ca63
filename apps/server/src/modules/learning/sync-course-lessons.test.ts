import { beforeAll, describe, expect, it } from 'vitest';
import { callAs, courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser, type TestUser } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/use-test-app.js';

const t = useTestApp();
let call: ReturnType<typeof callAs>;
beforeAll(async () => {
  const admin: TestUser = await createSignedInUser(t.database.db, { role: 'admin' });
  call = callAs(t, admin);
});

const lessonsOf = (courseId: string) =>
  t.database.db
    .selectFrom('course_lessons')
    .select(['id', 'title', 'kind', 'video_link', 'preview'])
    .where('course_id', '=', courseId)
    .orderBy('position')
    .execute();

describe('the console edits lessons through the curriculum list until it has a section editor', () => {
  it('a saved course gets its lessons; an edit keeps each lesson id in its place, adds and removes at the end', async () => {
    const form = courseForm({
      videoLink: 'https://youtu.be/aqz-KE-bpKQ',
      lessonVideos: ['https://youtu.be/aqz-KE-bpKQ'],
    });
    const created = await call('POST', '/api/admin/courses', form);
    expect(created.statusCode).toBe(200);
    const id = created.json().course.id as string;
    const first = await lessonsOf(id);
    expect(first.map((l) => [l.title, l.kind, l.video_link, Number(l.preview)])).toEqual([
      ['Introduction', 'video', 'https://youtu.be/aqz-KE-bpKQ', 1],
      ['Pricing', 'text', '', 0],
    ]);

    const three = [...form.curriculum, { title: 'Greeks', duration: '30 min', content: 'Delta first.' }];
    expect((await call('PUT', `/api/admin/courses/${id}`, { ...form, curriculum: three })).statusCode).toBe(200);
    const grown = await lessonsOf(id);
    expect(grown.map((l) => l.title)).toEqual(['Introduction', 'Pricing', 'Greeks']);
    expect(grown.slice(0, 2).map((l) => l.id)).toEqual(first.map((l) => l.id));

    const renamed = [{ ...three[0], title: 'Welcome' }];
    expect(
      (await call('PUT', `/api/admin/courses/${id}`, { ...form, curriculum: renamed, lessonVideos: [] })).statusCode,
    ).toBe(200);
    const shrunk = await lessonsOf(id);
    expect(shrunk.map((l) => [l.id, l.title, l.kind])).toEqual([[first[0]?.id, 'Welcome', 'text']]);
    const page = await t.app.inject({ url: `/api/courses/${id}` });
    expect(page.json().course.curriculum).toEqual(renamed);
  });
});
