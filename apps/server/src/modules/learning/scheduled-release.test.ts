import {
  type AdminCourseStructure,
  type LearnCourseResponse,
  learnCourseResponse,
  lessonLockedResponse,
  messages,
  type ReleaseInput,
} from '@shop/shared';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSeededTestApp, createSignedInUser, engine, type TestUser } from '../../../test/helpers.js';
import { attachVideo, makeReadyVideo } from '../../../test/test-video.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { loadOrCreateSecret } from '../../auth/secrets.js';
import { newId } from '../../ids.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { DEMO_DRIP_COURSE_ID, DEMO_DRIP_DAYS } from '../../seed/seed-learning.js';
import { signVideoQuery, VIDEO_LINK_SECRET_NAME } from '../playback/video-links.js';
import { FILE_LINK_SECRET_NAME, signFileLink } from './file-links.js';
import { eraseProgressOf } from './personal-data.js';
import { DIGEST_LINK_SECRET_NAME, digestUnsubscribeUrl } from './release-digest-mail.js';
import { sendReleaseDigests } from './send-release-digests.js';

// Scheduled release (issue 35) as the console and a learner's browser meet it: the rules travel in the
// structure save, the player's answer says when each lesson opens for this learner and leaves out a locked
// lesson's content, and every call that serves a lesson's content refuses it (403 with `availableAt`)
// until the second it opens, on a set clock.

const t = useTestApp(createSeededTestApp);
const courseId = demoCourses[0]?._id ?? '';
const origin = () => new URL(t.config.publicUrl).origin;
const SECOND = 1000;

/** 1 January 2027, 10:00 India time: where each test's clock starts. */
const EPOCH = Date.UTC(2027, 0, 1, 4, 30);
/** 00:00 India time of a day of January 2027, as an instant. */
const januaryMidnight = (day: number) => Date.UTC(2027, 0, day) - 330 * 60_000;

let operator: TestUser;
let videoId: string;

beforeAll(async () => {
  operator = await createSignedInUser(t.database.db, { role: 'admin' });
  const structure = await readStructure();
  const paid = structure.sections[0]?.lessons[1]?.id ?? '';
  videoId = await makeReadyVideo(t.database.db, t.config.dataDir, paid);
  await attachVideo(t.database.db, paid, videoId);
}, 120_000);

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(EPOCH);
  // A session opened on the real clock has expired by 2027.
  operator = await createSignedInUser(t.database.db, { role: 'admin' });
});
afterEach(() => vi.useRealTimers());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, user: TestUser | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...(user ? { cookie: user.cookie } : {}), origin: origin() },
    ...(payload ? { payload } : {}),
  });

async function readStructure(): Promise<AdminCourseStructure> {
  const res = await call('GET', `/api/admin/courses/${courseId}/structure`, operator);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

type Release = ReleaseInput;

/**
 * Saves the demo course's structure with rules: `section` on the first section, `lesson` on its second
 * lesson (the paid video lesson, which gets the first lesson's file so the file is that lesson's alone).
 */
async function saveRules(rules: { section?: Release; lesson?: Release }) {
  const structure = await readStructure();
  const files = structure.sections[0]?.lessons.flatMap((lesson) => lesson.fileIds) ?? [];
  const input = {
    sections: structure.sections.map((section, s) => ({
      id: section.id,
      title: section.title,
      ...(s === 0 && rules.section ? { release: rules.section } : {}),
      lessons: section.lessons.map(({ hasProgress: _begun, release: _rule, ...lesson }, l) => ({
        ...lesson,
        fileIds: s === 0 ? (l === 1 ? files : []) : lesson.fileIds,
        ...(s === 0 && l === 1 && rules.lesson ? { release: rules.lesson } : {}),
      })),
    })),
  };
  const res = await call('PUT', `/api/admin/courses/${courseId}/structure`, operator, input);
  expect(res.statusCode, res.body).toBe(200);
  return structure;
}

/** A learner the console granted the course to now (the enrolment's start is the clock's now). */
async function enrolled(): Promise<TestUser> {
  const user = await createSignedInUser(t.database.db);
  const res = await call('POST', `/api/admin/learners/${user.id}/grant`, operator, { courseId });
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

async function player(user: TestUser): Promise<LearnCourseResponse> {
  const res = await call('GET', `/api/learn/${courseId}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return learnCourseResponse.parse(res.json());
}

const lessonOf = (course: LearnCourseResponse, s = 0, l = 1) => {
  const lesson = course.sections[s]?.lessons[l];
  if (!lesson) throw new Error('no such lesson');
  return lesson;
};

/** Every call that serves the paid lesson's content, each answer's status and `availableAt` (if any). */
async function contentCalls(user: TestUser, lessonId: string, fileId: string) {
  const secret = loadOrCreateSecret(t.config.dataDir, VIDEO_LINK_SECRET_NAME);
  const sessionId = (
    await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow()
  ).id;
  const grant = { videoId, courseId, lessonId, userId: user.id, sessionId };
  const { query } = signVideoQuery(secret, grant, 300, new Date());
  const fileUrl = signFileLink(loadOrCreateSecret(t.config.dataDir, FILE_LINK_SECRET_NAME), fileId, user.id);
  const listed = (await call('GET', '/api/enrolled-courses', user))
    .json()
    .courses.find((course: { _id: string }) => course._id === courseId);
  const answers = {
    progress: await call('POST', `/api/learn/${courseId}/lessons/${lessonId}/progress`, user, {
      positionSeconds: 5,
      completed: false,
    }),
    completion: await call('POST', `/api/learn/${courseId}/lessons/${lessonId}/progress`, user, {
      positionSeconds: 5,
      completed: true,
    }),
    playback: await call('GET', `/api/learn/${courseId}/lessons/${lessonId}/playback`, user),
    master: await call('GET', `/api/video/${videoId}/master.m3u8${query}`, user),
    key: await call('GET', `/api/video/${videoId}/keys/0${query}`, user),
    file: await call('GET', fileUrl, user),
  };
  return {
    ...Object.fromEntries(
      Object.entries(answers).map(([name, res]) => [
        name,
        { status: res.statusCode, availableAt: res.statusCode === 403 ? res.json().availableAt : undefined },
      ]),
    ),
    // My Courses lists the lesson's files only once it is open (its video too, for a video lesson).
    listed: listed.files.length,
  };
}

describe(`scheduled release: the structure save (${engine})`, () => {
  it('stores each section and lesson rule and reads it back; a save without rules opens at once', async () => {
    await saveRules({
      section: { kind: 'onDate', date: '2027-02-01', days: 9 },
      lesson: { kind: 'afterEnrolment', days: 7 },
    });
    const back = await readStructure();
    expect(back.sections[0]?.release).toEqual({ kind: 'onDate', days: 0, date: '2027-02-01' });
    expect(back.sections[0]?.lessons[1]?.release).toEqual({ kind: 'afterEnrolment', days: 7, date: null });
    expect(back.sections[0]?.lessons[0]?.release).toEqual({ kind: 'immediate', days: 0, date: null });
    await saveRules({});
    expect((await readStructure()).sections[0]?.lessons[1]?.release.kind).toBe('immediate');
  });

  it('refuses a bad rule with 400 naming the field, and changes nothing', async () => {
    await saveRules({ lesson: { kind: 'afterEnrolment', days: 3 } });
    const structure = await readStructure();
    const cases: [object, string, string][] = [
      [{ kind: 'afterEnrolment', days: -1 }, 'days', 'must be a whole number of days from 0 to 3650'],
      [{ kind: 'afterEnrolment', days: 3651 }, 'days', 'must be a whole number of days from 0 to 3650'],
      [{ kind: 'afterCohortStart', days: 1.5 }, 'days', 'must be a whole number of days from 0 to 3650'],
      [{ kind: 'afterEnrolment' }, 'days', 'is required for a release after a number of days'],
      [{ kind: 'onDate' }, 'date', 'is required for a release on a date'],
      [{ kind: 'onDate', date: '2027-13-01' }, 'date', 'must be a date written YYYY-MM-DD'],
      [{ kind: 'later', days: 1 }, 'kind', 'must be immediate, afterEnrolment, afterCohortStart or onDate'],
    ];
    for (const [release, field, message] of cases) {
      const input = {
        sections: structure.sections.map((section, s) => ({
          id: section.id,
          title: section.title,
          lessons: section.lessons.map(({ hasProgress: _b, release: _r, ...lesson }, l) => ({
            ...lesson,
            ...(s === 0 && l === 0 ? { release } : {}),
          })),
        })),
      };
      const res = await call('PUT', `/api/admin/courses/${courseId}/structure`, operator, input);
      expect(res.statusCode, JSON.stringify(release)).toBe(400);
      expect(res.json().fields).toEqual({ [`sections.0.lessons.0.release.${field}`]: message });
    }
    expect(await readStructure()).toEqual(structure);
  });
});

describe(`scheduled release: when a lesson opens for a learner (${engine})`, () => {
  it('afterEnrolment: N days after the enrolment, 00:00 India time; the locked lesson keeps only its title', async () => {
    const before = await saveRules({ lesson: { kind: 'afterEnrolment', days: 4 } });
    const user = await enrolled();
    const course = await player(user);
    const locked = lessonOf(course);
    expect(locked.availableAt).toBe('2027-01-05T00:00:00+05:30');
    expect(locked.title).toBe(before.sections[0]?.lessons[1]?.title);
    for (const absent of ['content', 'videoLink', 'ownVideo', 'attachments']) expect(locked).not.toHaveProperty(absent);
    expect(lessonOf(course, 0, 0).availableAt).toBeNull();
    expect(lessonOf(course, 0, 0).content).toBeDefined();

    // A learner enrolled two days later waits two days longer; the first one's answer was served from the
    // same cached structure and leaks into neither.
    vi.setSystemTime(EPOCH + 2 * 86_400_000);
    const later = await enrolled();
    expect(lessonOf(await player(later)).availableAt).toBe('2027-01-07T00:00:00+05:30');
    vi.setSystemTime(januaryMidnight(5));
    const opened = lessonOf(await player(user));
    expect(opened.availableAt).toBeNull();
    expect(opened.attachments?.length).toBeGreaterThan(0);
    expect(lessonOf(await player(later)).availableAt).toBe('2027-01-07T00:00:00+05:30');
  });

  it('onDate on a section: its lessons follow it, a lesson with a rule of its own keeps that', async () => {
    await saveRules({
      section: { kind: 'onDate', date: '2027-01-20' },
      lesson: { kind: 'afterEnrolment', days: 2 },
    });
    const user = await enrolled();
    const course = await player(user);
    expect(lessonOf(course, 0, 0).availableAt).toBeNull(); // the free preview is public, never locked
    expect(lessonOf(course, 0, 1).availableAt).toBe('2027-01-03T00:00:00+05:30');
    const others = course.sections[0]?.lessons.slice(2) ?? [];
    expect(others.length).toBeGreaterThan(0);
    for (const lesson of others) expect(lesson.availableAt).toBe('2027-01-20T00:00:00+05:30');
  });

  it('afterCohortStart: N days after the cohort starts, and the date follows a moved cohort; no cohort, no wait', async () => {
    await saveRules({ lesson: { kind: 'afterCohortStart', days: 2 } });
    const user = await enrolled();
    const cohortId = newId();
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('cohorts')
      .values({
        id: cohortId,
        course_id: courseId,
        title: 'January batch',
        starts_on: '2027-01-10',
        seats: null,
        enrol_until: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await t.database.db
      .insertInto('cohort_members')
      .values({ cohort_id: cohortId, user_id: user.id, course_id: courseId, joined_at: now, order_id: null })
      .execute();
    expect(lessonOf(await player(user)).availableAt).toBe('2027-01-12T00:00:00+05:30');
    await t.database.db.updateTable('cohorts').set({ starts_on: '2027-01-15' }).where('id', '=', cohortId).execute();
    expect(lessonOf(await player(user)).availableAt).toBe('2027-01-17T00:00:00+05:30');
    // A self-paced learner of the same course is in no cohort: the rule does not hold them back.
    expect(lessonOf(await player(await enrolled())).availableAt).toBeNull();
  });
});

describe(`scheduled release: the demo shop (${engine})`, () => {
  it('a newcomer to the drip course sees its last lesson locked until a week after enrolling', async () => {
    const user = await createSignedInUser(t.database.db);
    const res = await call('POST', `/api/admin/learners/${user.id}/grant`, operator, { courseId: DEMO_DRIP_COURSE_ID });
    expect(res.statusCode, res.body).toBe(200);
    const opened = await call('GET', `/api/learn/${DEMO_DRIP_COURSE_ID}`, user);
    const lessons = learnCourseResponse.parse(opened.json()).sections.flatMap((section) => section.lessons);
    expect(lessons.at(-1)?.availableAt).toBe(`2027-01-0${1 + DEMO_DRIP_DAYS}T00:00:00+05:30`);
    expect(lessons.slice(0, -1).every((lesson) => lesson.availableAt === null)).toBe(true);
  });
});

describe(`scheduled release: every call serving a locked lesson's content refuses it (${engine})`, () => {
  it('403 with availableAt one second before the opening, 200 at the opening', async () => {
    const structure = await saveRules({ lesson: { kind: 'onDate', date: '2027-01-05' } });
    const lessonId = structure.sections[0]?.lessons[1]?.id ?? '';
    const fileId = structure.sections[0]?.lessons.flatMap((lesson) => lesson.fileIds)[0] ?? '';
    expect(fileId).not.toBe('');
    const user = await enrolled();
    const opens = januaryMidnight(5);

    vi.setSystemTime(opens - SECOND);
    const { listed: listedLocked, ...locked } = await contentCalls(user, lessonId, fileId);
    expect(listedLocked).toBe(0);
    for (const [name, answer] of Object.entries(locked))
      expect(answer, name).toEqual({ status: 403, availableAt: '2027-01-05T00:00:00+05:30' });
    const refusal = await call('GET', `/api/learn/${courseId}/lessons/${lessonId}/playback`, user);
    expect(lessonLockedResponse.parse(refusal.json()).message).toBe(
      messages.lessonLocked.replace('{date}', '5 January 2027'),
    );
    const ticks = await t.database.db
      .selectFrom('lesson_progress')
      .select('lesson_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(ticks).toEqual([]);

    vi.setSystemTime(opens);
    const { listed: listedOpen, ...open } = await contentCalls(user, lessonId, fileId);
    expect(listedOpen).toBeGreaterThan(0);
    expect(
      Object.fromEntries(Object.entries(open).map(([name, answer]) => [name, (answer as { status: number }).status])),
    ).toEqual({
      progress: 200,
      completion: 200,
      playback: 200,
      master: 200,
      key: 200,
      file: 200,
    });
  });

  it('a stranger is still refused as a stranger, with no date', async () => {
    const structure = await saveRules({ lesson: { kind: 'onDate', date: '2027-01-05' } });
    const lessonId = structure.sections[0]?.lessons[1]?.id ?? '';
    const stranger = await createSignedInUser(t.database.db);
    const res = await call('GET', `/api/learn/${courseId}/lessons/${lessonId}/playback`, stranger);
    expect(res.statusCode).toBe(403);
    expect(res.json()).not.toHaveProperty('availableAt');
    const saved = await call('POST', `/api/learn/${courseId}/lessons/${lessonId}/progress`, stranger, {
      positionSeconds: 1,
      completed: false,
    });
    expect(saved.statusCode).toBe(403);
    expect(saved.json()).not.toHaveProperty('availableAt');
  });
});

describe(`scheduled release: the daily digest of newly opened lessons (${engine})`, () => {
  const mailsTo = (user: TestUser) =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body', 'headers_json'])
      .where('to_address', '=', user.email)
      .execute();
  const pass = () => sendReleaseDigests(t.app.deps, new Date());

  it('a lesson opening tomorrow is mailed tomorrow, once; two passes at once mail once', async () => {
    const structure = await saveRules({ lesson: { kind: 'afterEnrolment', days: 1 } });
    const lesson = structure.sections[0]?.lessons[1];
    const user = await enrolled();
    await pass();
    expect(await mailsTo(user)).toEqual([]);
    vi.setSystemTime(januaryMidnight(2) + 60_000);
    await Promise.all([pass(), pass()]);
    const mails = await mailsTo(user);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text_body).toContain(lesson?.title);
    expect(mails[0]?.text_body).toContain(`${t.config.publicUrl}/learn/${courseId}/${lesson?.id}`);
    expect(JSON.parse(mails[0]?.headers_json ?? '{}')['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // Later the same day, and the next day with nothing new: no second mail.
    vi.setSystemTime(januaryMidnight(2) + 12 * 3_600_000);
    await pass();
    vi.setSystemTime(januaryMidnight(3) + 60_000);
    await pass();
    expect(await mailsTo(user)).toHaveLength(1);
    // The account's deletion erases the days it was mailed, as it erases the learner's progress.
    const digestDays = () =>
      t.database.db.selectFrom('release_digests').select('india_date').where('user_id', '=', user.id).execute();
    expect(await digestDays()).toEqual([{ india_date: '2027-01-02' }]);
    await eraseProgressOf(t.database.db, user.id);
    expect(await digestDays()).toEqual([]);
  });

  it('turned off on the dashboard, or by the signed link in the mail: no digest; a forged link changes nothing', async () => {
    await saveRules({ lesson: { kind: 'afterEnrolment', days: 1 } });
    const off = await enrolled();
    expect((await call('GET', '/api/learn/release-digest', off)).json()).toEqual({ ok: true, enabled: true });
    const saved = await call('PUT', '/api/learn/release-digest', off, { enabled: false });
    expect(saved.json()).toEqual({ ok: true, enabled: false });
    const byLink = await enrolled();
    const other = await enrolled();

    vi.setSystemTime(januaryMidnight(2) + 60_000);
    // The first digest carries the learner's own link; a link signed for someone else's id is refused.
    const secret = loadOrCreateSecret(t.config.dataDir, DIGEST_LINK_SECRET_NAME);
    const link = new URL(digestUnsubscribeUrl(t.config.publicUrl, secret, byLink.id));
    const forged = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}?u=${other.id}&s=${link.searchParams.get('s')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    const oneClick = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    await pass();
    expect(await mailsTo(off)).toEqual([]);
    expect(await mailsTo(byLink)).toEqual([]);
    expect(await mailsTo(other)).toHaveLength(1);
  });
});
