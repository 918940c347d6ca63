import fs from 'node:fs';
import path from 'node:path';
import type { EnrolledCourse } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp, createSignedInUser, type TestApp, type TestUser } from '../../../test/helpers.js';
import { refundInFull } from '../../../test/refunds.js';
import { buy } from '../../../test/test-purchases.js';
import { loadOrCreateSecret } from '../../auth/secrets.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { demoFileSourceDir, demoLearning } from '../../seed/seed-learning.js';
import { FILE_LINK_SECRET_NAME, signFileLink } from './file-links.js';

let t: TestApp;
const [c1, c2, c3] = demoCourses.map((course) => ({ id: course._id ?? '', rupees: course.price }));
const learningOf = (courseId: string) => demoLearning.find((course) => course.courseId === courseId);

beforeAll(async () => {
  // The sandbox gateway (no Razorpay key): purchases go through create-order, the sandbox and verify.
  t = await createSeededTestApp();
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });

async function enrolledCourses(user: TestUser): Promise<EnrolledCourse[]> {
  const res = await get('/api/enrolled-courses', user);
  expect(res.statusCode).toBe(200);
  return res.json().courses;
}

async function learnerWithCourse(course = c1) {
  const { user, orderId } = await buy(t, [course.id]);
  const [enrolled] = await enrolledCourses(user);
  if (!enrolled) throw new Error('the purchase did not enrol the learner');
  return { user, orderId, enrolled };
}

function fileIdOf(fileUrl: string): string {
  return decodeURIComponent(new URL(fileUrl, 'http://x').pathname.split('/').pop() ?? '');
}

describe('GET /api/enrolled-courses', () => {
  it('asks a visitor to log in', async () => {
    const res = await get('/api/enrolled-courses');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, message: 'Please log in.' });
  });

  it("lists only the caller's own courses, with their lesson videos and signed file links", async () => {
    const { user: asha } = await buy(t, [c1.id, c3.id]);
    const { user: ravi } = await buy(t, [c2.id]);

    const ashas = await enrolledCourses(asha);
    expect(ashas.map((course) => course._id).sort()).toEqual([c1.id, c3.id].sort());
    const first = ashas.find((course) => course._id === c1.id);
    expect(first).toMatchObject({ title: demoCourses[0]?.title, thumb: demoCourses[0]?.thumb });
    // The seed links to no video elsewhere (issue 32): without the first start's clips, no video lessons.
    expect(first?.videos).toEqual([]);
    expect(first?.files.map((file) => file.name)).toEqual(learningOf(c1.id)?.files.map((file) => file.name));
    for (const file of first?.files ?? []) {
      expect(file.fileUrl).toMatch(new RegExp(`^/api/files/[a-f0-9]{24}\\?u=${asha.id}&e=\\d+&s=[a-f0-9]{64}$`));
    }

    const ravis = await enrolledCourses(ravi);
    expect(ravis.map((course) => course._id)).toEqual([c2.id]);
    expect(await enrolledCourses(await createSignedInUser(t.database.db))).toEqual([]);
  });

  it('keeps a course the learner owns after it is unpublished', async () => {
    const { user } = await learnerWithCourse(c3);
    await t.database.db.updateTable('courses').set({ published: 0 }).where('id', '=', c3.id).execute();
    try {
      expect((await enrolledCourses(user)).map((course) => course._id)).toEqual([c3.id]);
    } finally {
      await t.database.db.updateTable('courses').set({ published: 1 }).where('id', '=', c3.id).execute();
    }
  });
});

describe('GET /api/files/:fileId', () => {
  it('sends the enrolled learner the file as an attachment, byte for byte', async () => {
    const { user, enrolled } = await learnerWithCourse(c1);
    const pdf = enrolled.files.find((file) => file.name.endsWith('.pdf'));
    const res = await get(pdf?.fileUrl ?? '', user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Pre-Market Trading Checklist.pdf"; filename*=UTF-8''Pre-Market%20Trading%20Checklist.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const expected = fs.readFileSync(path.join(demoFileSourceDir, 'pre-market-checklist.pdf'));
    expect(res.rawPayload.equals(expected)).toBe(true);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const csv = enrolled.files.find((file) => file.name.endsWith('.csv'));
    const sheet = await get(csv?.fileUrl ?? '', user);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.body).toBe(fs.readFileSync(path.join(demoFileSourceDir, 'trade-journal-template.csv'), 'utf8'));
  });

  it("refuses another user's link (403) and asks a visitor to log in", async () => {
    const { enrolled } = await learnerWithCourse(c1);
    const link = enrolled.files[0]?.fileUrl ?? '';
    const other = await learnerWithCourse(c1);

    const stolen = await get(link, other.user);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toEqual({
      ok: false,
      message:
        'This download link was made for another account. Sign in with your own account and download from Enrolled Courses.',
    });
    expect((await get(link)).statusCode).toBe(401);
  });

  it('refuses a tampered link with 403 and reads no path from the request', async () => {
    const { user, enrolled } = await learnerWithCourse(c1);
    const other = await createSignedInUser(t.database.db);
    const [pdfLink, csvLink] = enrolled.files.map((file) => new URL(file.fileUrl, 'http://x'));
    if (!pdfLink || !csvLink) throw new Error('expected two files');
    const variants: [string, TestUser][] = [];
    const flipped = new URL(pdfLink);
    const s = flipped.searchParams.get('s') ?? '';
    flipped.searchParams.set('s', `${s.slice(0, -1)}${s.endsWith('0') ? '1' : '0'}`);
    variants.push([flipped.pathname + flipped.search, user]);
    const later = new URL(pdfLink);
    later.searchParams.set('e', String(Number(later.searchParams.get('e')) + 86_400));
    variants.push([later.pathname + later.search, user]);
    const otherUser = new URL(pdfLink);
    otherUser.searchParams.set('u', other.id);
    variants.push([otherUser.pathname + otherUser.search, other]);
    variants.push([`${csvLink.pathname}${pdfLink.search}`, user]);
    variants.push([`/api/files/..%2F..%2Fshop.sqlite${pdfLink.search}`, user]);
    variants.push([`/api/files/..%2Fsandbox-secret${pdfLink.search}`, user]);
    variants.push([pdfLink.pathname, user]);
    variants.push([`${pdfLink.pathname}?u=${user.id}&e=abc&s=zz`, user]);
    for (const [url, caller] of variants) {
      const res = await get(url, caller);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toBe(
        'This download link is not valid. Open Enrolled Courses and use its Download button again.',
      );
    }
  });

  it('refuses a link older than 10 minutes and accepts one made 9 minutes ago', async () => {
    const { user, enrolled } = await learnerWithCourse(c1);
    const secret = loadOrCreateSecret(t.config.dataDir, FILE_LINK_SECRET_NAME);
    const fileId = fileIdOf(enrolled.files[0]?.fileUrl ?? '');
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

    const expired = await get(signFileLink(secret, fileId, user.id, minutesAgo(10)), user);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(
      'This download link has expired. Open Enrolled Courses and use its Download button again.',
    );
    expect((await get(signFileLink(secret, fileId, user.id, minutesAgo(9)), user)).statusCode).toBe(200);
  });

  it('stops serving a learner whose order was refunded, and drops the course from the list', async () => {
    const { user, orderId, enrolled } = await learnerWithCourse(c2);
    const link = enrolled.files[0]?.fileUrl ?? '';
    expect((await get(link, user)).statusCode).toBe(200);

    await refundInFull(t, orderId);

    expect(await enrolledCourses(user)).toEqual([]);
    const refused = await get(link, user);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You are not enrolled in this course, so its files are not available to you.');
  });

  it('keeps a stored name inside the course-files folder, whatever the database says', async () => {
    const { user } = await learnerWithCourse(c1);
    const id = 'f00dfacef00dfacef00dface';
    await t.database.db
      .insertInto('course_files')
      .values({
        id,
        course_id: c1.id,
        name: 'secret.txt',
        stored_name: '../sandbox-secret',
        size_bytes: 64,
        content_type: 'text/plain',
        created_at: new Date().toISOString(),
      })
      .execute();
    try {
      const link = signFileLink(loadOrCreateSecret(t.config.dataDir, FILE_LINK_SECRET_NAME), id, user.id);
      const res = await get(link, user);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This file is no longer available. Please contact us by email.');
    } finally {
      await t.database.db.deleteFrom('course_files').where('id', '=', id).execute();
    }
  });
});
