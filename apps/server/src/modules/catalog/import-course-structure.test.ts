import type { AdminCourseStructure } from '@shop/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../../test/admin-test-client.js';
import { createSignedInUser, engine, type TestUser } from '../../../test/helpers.js';
import { buy } from '../../../test/test-purchases.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { importCourses } from './import-courses.js';

const t = useTestApp();
let admin: TestUser;

beforeAll(async () => {
  admin = await createSignedInUser(t.database.db, { role: 'admin' });
});

let counter = 0;
const course = (sections: object[]) => ({
  title: `Swing Trading ${Date.now().toString(36)}${++counter}`,
  thumb: '/x.svg',
  tag: 'Swing',
  instructor: 'Ravi Mehta',
  price: 999,
  level: 'Beginner',
  videoLink: 'https://youtu.be/dQw4w9WgXcQ',
  sections,
});
const lesson = (title: string, extra: object = {}) => ({ title, kind: 'text', content: `About ${title}.`, ...extra });
const video = 'https://youtu.be/aqz-KE-bpKQ';

const structureOf = async (id: string) =>
  (await callAs(t, admin)('GET', `/api/admin/courses/${id}/structure`)).json() as AdminCourseStructure;
const curriculumOf = async (id: string) => {
  t.app.deps.catalogCache.invalidate(); // the CLI runs in its own process; the server's cache lives on
  return ((await t.app.inject({ url: `/api/courses/${id}` })).json().course.curriculum as { title: string }[]).map(
    (item) => item.title,
  );
};

describe(`course:import with sections (${engine})`, () => {
  it('imports sections of lessons, and importing the same file again keeps each lesson (and its progress) in place', async () => {
    const record = course([
      {
        title: 'Setups',
        lessons: [lesson('Pullbacks', { kind: 'video', videoLink: video, preview: true }), lesson('Breakouts')],
      },
      { title: 'Risk', lessons: [lesson('Position size', { duration: '15 min' })] },
    ]);
    const [id = ''] = await importCourses(t.database.db, JSON.stringify([record]));
    const first = await structureOf(id);
    expect(first.sections.map((s) => [s.title, s.lessons.map((l) => [l.title, l.kind, l.preview])])).toEqual([
      [
        'Setups',
        [
          ['Pullbacks', 'video', true],
          ['Breakouts', 'text', false],
        ],
      ],
      ['Risk', [['Position size', 'text', false]]],
    ]);
    expect(await curriculumOf(id)).toEqual(['Pullbacks', 'Breakouts', 'Position size']);

    const { user } = await buy(t, [id]);
    const sized = first.sections[1]?.lessons[0]?.id ?? '';
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api/learn/${id}/lessons/${sized}/progress`,
      headers: { cookie: user.cookie, origin: new URL(t.config.publicUrl).origin },
      payload: { positionSeconds: 0, completed: true },
    });
    expect(saved.statusCode).toBe(200);

    const renamed = { ...record, _id: id, sections: [...record.sections] };
    renamed.sections[1] = { title: 'Risk', lessons: [lesson('Position sizing', { duration: '15 min' })] };
    await importCourses(t.database.db, JSON.stringify([renamed]));
    const again = await structureOf(id);
    expect(again.sections[1]?.lessons[0]).toMatchObject({ id: sized, title: 'Position sizing', hasProgress: true });
    expect(again.sections.flatMap((s) => s.lessons.map((l) => l.id))).toEqual(
      first.sections.flatMap((s) => s.lessons.map((l) => l.id)),
    );
  });

  it('refuses a bad lesson naming the record and field, and writes nothing of the file', async () => {
    const good = course([{ title: 'One', lessons: [lesson('Fine')] }]);
    const bad = course([
      { title: 'Two', lessons: [lesson('Fine'), lesson('Clip', { kind: 'video', videoLink: 'https://vimeo.com/1' })] },
    ]);
    const countCourses = async () => (await t.database.db.selectFrom('courses').select('id').execute()).length;
    const before = await countCourses();
    await expect(importCourses(t.database.db, JSON.stringify([good, bad]))).rejects.toThrow(
      `Record 2 "${bad.title}", field sections.0.lessons.1.videoLink: must be a YouTube link or an 11-character video id`,
    );
    await expect(
      importCourses(
        t.database.db,
        JSON.stringify([{ ...good, curriculum: [{ title: 'Old', duration: '', content: '' }] }]),
      ),
    ).rejects.toThrow('field curriculum: give either sections or curriculum, not both');
    expect(await countCourses()).toBe(before);
  });

  it('refuses, naming the lesson, a re-import that would delete a lesson a learner has begun', async () => {
    const record = course([{ title: 'Only', lessons: [lesson('Kept'), lesson('Begun')] }]);
    const [id = ''] = await importCourses(t.database.db, JSON.stringify([record]));
    const { user } = await buy(t, [id]);
    const begun = (await structureOf(id)).sections[0]?.lessons[1]?.id ?? '';
    await t.app.inject({
      method: 'POST',
      url: `/api/learn/${id}/lessons/${begun}/progress`,
      headers: { cookie: user.cookie, origin: new URL(t.config.publicUrl).origin },
      payload: { positionSeconds: 5, completed: false },
    });
    const shorter = {
      ...record,
      _id: id,
      title: 'Changed title',
      sections: [{ title: 'Only', lessons: [lesson('Kept')] }],
    };
    await expect(importCourses(t.database.db, JSON.stringify([shorter]))).rejects.toThrow(
      /^Record 1 "Changed title": “Begun” cannot be deleted: learners have progress on it/,
    );
    expect((await structureOf(id)).sections[0]?.lessons.map((l) => l.title)).toEqual(['Kept', 'Begun']);
    expect(await curriculumOf(id)).toEqual(['Kept', 'Begun']);
  });

  it('still takes the old curriculum-only form', async () => {
    const { sections: _none, ...record } = course([]);
    const [id = ''] = await importCourses(
      t.database.db,
      JSON.stringify([{ ...record, curriculum: [{ title: 'Old style', duration: '5 min', content: 'x' }] }]),
    );
    expect(await curriculumOf(id)).toEqual(['Old style']);
    expect((await structureOf(id)).sections[0]?.lessons[0]).toMatchObject({
      title: 'Old style',
      kind: 'text',
      summary: 'x',
      content: 'x',
    });
  });

  it('takes a lesson’s public summary apart from its body, and only the summary reaches the course page', async () => {
    const record = course([
      {
        title: 'Setups',
        lessons: [lesson('Pullbacks', { summary: 'Buying the dip.', content: 'BODY-ONLY-FOR-BUYERS' })],
      },
    ]);
    const [id = ''] = await importCourses(t.database.db, JSON.stringify([record]));
    expect((await structureOf(id)).sections[0]?.lessons[0]).toMatchObject({
      summary: 'Buying the dip.',
      content: 'BODY-ONLY-FOR-BUYERS',
    });
    t.app.deps.catalogCache.invalidate();
    const page = await t.app.inject({ url: `/api/courses/${id}` });
    expect(page.json().course.curriculum).toEqual([{ title: 'Pullbacks', duration: '', content: 'Buying the dip.' }]);
    expect(page.body).not.toContain('BODY-ONLY-FOR-BUYERS');
  });
});
