import fs from 'node:fs';
import path from 'node:path';
import type { EnrolledCourse } from '@shop/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../test/admin-test-client.js';
import { createSeededTestApp, createSignedInUser, type TestApp } from '../../test/helpers.js';
import { buy } from '../../test/test-purchases.js';
import { startTestS3, type TestS3 } from '../../test/test-s3.js';
import { useTestApp } from '../../test/use-test-app.js';
import { demoCourses } from '../seed/seed-courses.js';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

const courseId = demoCourses[0]?._id ?? '';
const notes = Buffer.from('%PDF-1.4\n% lesson notes kept in the bucket\n%%EOF\n');

/** An admin uploads a course file; a buyer of the course lists it and follows its signed link. */
async function uploadAndFollow(t: TestApp) {
  const admin = await createSignedInUser(t.database.db, { role: 'admin' });
  const uploaded = await callAs(t, admin)(
    'POST',
    `/api/admin/courses/${courseId}/files?name=${encodeURIComponent('Lesson notes.pdf')}`,
    notes,
    { 'content-type': 'application/pdf' },
  );
  expect(uploaded.statusCode).toBe(200);
  const { user } = await buy(t, [courseId]);
  const listed = await t.app.inject({ url: '/api/enrolled-courses', headers: { cookie: user.cookie } });
  const course = (listed.json().courses as EnrolledCourse[]).find((c) => c._id === courseId);
  const file = course?.files.find((f) => f.name === 'Lesson notes.pdf');
  expect(file).toBeDefined();
  const download = await t.app.inject({ url: file?.fileUrl ?? '', headers: { cookie: user.cookie } });
  return { download, user, fileUrl: file?.fileUrl ?? '' };
}

describe.each(['presigned', 'stream'] as const)('course files on S3 (DOWNLOADS=%s)', (mode) => {
  const t = useTestApp(() => createSeededTestApp({ ...s3.env, DOWNLOADS: mode }));

  it('an uploaded file lands in the bucket, not the data folder, and the buyer gets its bytes back', async () => {
    const { download } = await uploadAndFollow(t);
    expect(fs.existsSync(path.join(t.config.dataDir, 'course-files'))).toBe(false);
    if (mode === 'presigned') {
      expect(download.statusCode).toBe(302);
      expect(download.headers['cache-control']).toBe('private, no-store');
      const location = String(download.headers.location);
      expect(location.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/course-files/`)).toBe(true);
      const fromBucket = await fetch(location);
      expect(fromBucket.status).toBe(200);
      expect(Buffer.from(await fromBucket.arrayBuffer())).toEqual(notes);
      expect(fromBucket.headers.get('content-disposition')).toContain('Lesson notes.pdf');
      expect(fromBucket.headers.get('content-type')).toBe('application/pdf');
    } else {
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload).toEqual(notes);
      expect(download.headers['content-type']).toBe('application/pdf');
      expect(download.headers['content-disposition']).toContain('Lesson notes.pdf');
    }
  });

  it('the seeded demo files were written to the bucket and download too', async () => {
    const { user } = await buy(t, [courseId]);
    const listed = await t.app.inject({ url: '/api/enrolled-courses', headers: { cookie: user.cookie } });
    const course = (listed.json().courses as EnrolledCourse[]).find((c) => c._id === courseId);
    const demo = course?.files.find((f) => f.name !== 'Lesson notes.pdf');
    const res = await t.app.inject({ url: demo?.fileUrl ?? '', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(mode === 'presigned' ? 302 : 200);
  });

  it('a link is checked before anything is handed out: another learner gets no URL', async () => {
    const { fileUrl } = await uploadAndFollow(t);
    const stranger = await createSignedInUser(t.database.db);
    const res = await t.app.inject({ url: fileUrl, headers: { cookie: stranger.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.headers.location).toBeUndefined();
  });
});

describe('thumbnails on S3', () => {
  const t = useTestApp(() => createSeededTestApp(s3.env));

  it('an uploaded thumbnail is stored in the bucket and served at its /uploads/ address with a long cache', async () => {
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#884400' } })
      .png()
      .toBuffer();
    const res = await callAs(t, admin)('POST', '/api/admin/thumbnails', png, { 'content-type': 'image/png' });
    expect(res.statusCode).toBe(200);
    const thumb: string = res.json().thumb;
    expect(fs.existsSync(path.join(t.config.dataDir, thumb))).toBe(false);
    const served = await t.app.inject({ url: thumb });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 700 });
    // Answered as any unknown address (the SPA's fallback), as the local folder's static files do.
    expect((await t.app.inject({ url: '/uploads/thumbs/none-700.webp' })).statusCode).not.toBe(200);
    expect((await t.app.inject({ url: '/uploads/../course-files/x.pdf' })).statusCode).not.toBe(200);
  });
});
