import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminCourseStructure } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser, createTestApp, type TestApp, type TestUser } from '../../../test/helpers.js';
import { buy } from '../../../test/test-purchases.js';

// Issue 14: a lesson's body (its Markdown text) is for enrolled learners; anyone may read its summary.
// The attacker here is a visitor, or a signed-in user who has not bought the course, reading every
// public answer about the course.

let t: TestApp;
let admin: TestUser;
let call: ReturnType<typeof callAs>;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Shop</title><meta name="description" content="Shop" /></head><body></body></html>',
  );
  t = await createTestApp({ WEB_DIST: webDist });
  admin = await createSignedInUser(t.database.db, { role: 'admin' });
  call = callAs(t, admin);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const video = 'https://youtu.be/aqz-KE-bpKQ';
const SECRET = 'SECRET-BODY-7f3a: the stop-loss rule only buyers learn';
const PREVIEW_BODY = 'PREVIEW-BODY-91c2: notes for the free first lesson';

/** A published course whose operator wrote, in the section editor, a free video lesson and a paid text lesson. */
async function courseWithSecretLesson() {
  const id: string = (await call('POST', '/api/admin/courses', courseForm())).json().course.id;
  const res = await call('PUT', `/api/admin/courses/${id}/structure`, {
    sections: [
      {
        title: 'Basics',
        lessons: [
          {
            title: 'Welcome',
            kind: 'video',
            duration: '5 min',
            summary: 'What the course covers.',
            content: PREVIEW_BODY,
            videoLink: video,
            preview: true,
          },
          {
            title: 'Stop losses',
            kind: 'text',
            duration: '15 min',
            summary: 'Where to put a stop.',
            content: SECRET,
          },
        ],
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const get = (url: string, user?: TestUser) =>
  t.app.inject({ url, headers: user ? { cookie: user.cookie } : {} }).then((res) => ({
    status: res.statusCode,
    body: res.body,
  }));

describe('a lesson body is never sent to someone not enrolled', () => {
  it('the course page, its API answer and the catalogue carry the summaries, never the body', async () => {
    const id = await courseWithSecretLesson();
    const stranger = await createSignedInUser(t.database.db);
    for (const user of [undefined, stranger]) {
      const course = await get(`/api/courses/${id}`, user);
      expect(course.status).toBe(200);
      expect(JSON.parse(course.body).course.curriculum).toEqual([
        { title: 'Welcome', duration: '5 min', content: 'What the course covers.' },
        { title: 'Stop losses', duration: '15 min', content: 'Where to put a stop.' },
      ]);
      for (const url of [
        `/api/courses/${id}`,
        '/api/courses',
        '/api/courses?q=options',
        `/course-details/${id}`,
        `/api/courses/${id}/reviews`,
        `/api/learn/${id}`,
        `/api/learn/${id}/previews`,
      ]) {
        const res = await get(url, user);
        expect(res.status, url).toBeLessThan(500);
        expect(res.body, url).not.toContain('SECRET-BODY');
      }
    }
    expect((await get(`/course-details/${id}`)).status).toBe(200);
  });

  it('a preview lesson’s body is in the previews answer; a paid lesson is not there at all', async () => {
    const id = await courseWithSecretLesson();
    const res = await get(`/api/learn/${id}/previews`);
    expect(res.status).toBe(200);
    const { lessons } = JSON.parse(res.body) as { lessons: { title: string; content: string }[] };
    expect(lessons.map((lesson) => [lesson.title, lesson.content])).toEqual([['Welcome', PREVIEW_BODY]]);
    expect(res.body).not.toContain('SECRET-BODY');
  });

  it('an enrolled learner’s player has the body, and the console reads both fields back', async () => {
    const id = await courseWithSecretLesson();
    const { user } = await buy(t, [id]);
    const learn = await get(`/api/learn/${id}`, user);
    expect(learn.status).toBe(200);
    const lessons = JSON.parse(learn.body).sections[0].lessons as { title: string; content: string }[];
    expect(lessons.map((lesson) => lesson.content)).toEqual([PREVIEW_BODY, SECRET]);
    const structure = (await call('GET', `/api/admin/courses/${id}/structure`)).json() as AdminCourseStructure;
    expect(structure.sections[0]?.lessons[1]).toMatchObject({ summary: 'Where to put a stop.', content: SECRET });
  });

  it('a later save of the old course form changes the summaries and keeps the body private', async () => {
    const id = await courseWithSecretLesson();
    const res = await call(
      'PUT',
      `/api/admin/courses/${id}`,
      courseForm({
        curriculum: [
          { title: 'Welcome', duration: '5 min', content: 'What the course covers, in brief.' },
          { title: 'Stop losses', duration: '15 min', content: 'Stops, briefly.' },
        ],
        lessonVideos: [video],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const course = await get(`/api/courses/${id}`);
    expect(course.body).toContain('Stops, briefly.');
    expect(course.body).not.toContain('SECRET-BODY');
    const { user } = await buy(t, [id]);
    const learn = JSON.parse((await get(`/api/learn/${id}`, user)).body);
    expect(learn.sections[0].lessons[1].content).toBe(SECRET);
  });
});
