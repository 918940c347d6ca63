import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { messages } from '@shop/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditRow, useAdminApp } from '../../../test/admin-app.js';
import { courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser } from '../../../test/helpers.js';
import { newId } from '../../ids.js';

const { t, admin, asAdmin: call } = useAdminApp();

const countCourses = async () => (await t.database.db.selectFrom('courses').select('id').execute()).length;

describe('course editing', () => {
  it.each([
    ['title', { title: 'ab' }],
    ['price', { price: -1 }],
    ['price', { price: 10.555 }],
    ['level', { level: 'Expert' as 'Beginner' }],
    ['videoLink', { videoLink: 'https://www.youtube.com/watch?v=short' }],
    ['whatYoullLearn.1', { whatYoullLearn: ['ok', ' '] }],
    ['curriculum.0.title', { curriculum: [{ title: '', duration: '', content: '' }] }],
    ['lessonVideos.0', { lessonVideos: ['https://vimeo.com/'] }],
    // Attack report D5: script addresses that end like a video id, or point an image at script.
    ['videoLink', { videoLink: 'javascript:alert(1)//dQw4w9WgXcQ' }],
    ['lessonVideos.0', { lessonVideos: ['javascript:alert(1)//dQw4w9WgXcQ'] }],
    ['thumb', { thumb: 'javascript:alert(1)' }],
    ['thumb', { thumb: '//evil.example/x.png' }],
  ])('refuses a bad %s with 400 naming the field and stores nothing', async (field, bad) => {
    const before = await countCourses();
    const res = await call('POST', '/api/admin/courses', courseForm(bad));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${field.replace('.', '\\.')} `));
    expect(res.json().fields).toHaveProperty([field]);
    expect(await countCourses()).toBe(before);
    expect(
      await t.database.db.selectFrom('audit_log').select('id').where('action', '=', 'course.create').execute(),
    ).toHaveLength(0);
  });

  it('creates a course with every field, shows it in the catalogue and writes an audit row', async () => {
    const form = courseForm({ videoLink: 'https://youtu.be/dQw4w9WgXcQ' });
    const res = await call('POST', '/api/admin/courses', form);
    expect(res.statusCode).toBe(200);
    const created = res.json().course;
    const details = (await t.app.inject({ url: `/api/courses/${created.id}` })).json().course;
    expect(details).toMatchObject({
      title: form.title,
      price: 1499.5,
      level: 'Beginner',
      whatYoullLearn: form.whatYoullLearn,
      curriculum: form.curriculum,
    });
    const audit = await auditRow(t.database.db, created.id);
    expect(audit).toMatchObject({ actor_id: admin.id, actor_email: admin.email, action: 'course.create' });
    expect(audit.before_json).toBeNull();
    expect(JSON.parse(audit.after_json ?? '{}').title).toBe(form.title);
  });

  it('an edit records before and after, and reordered curriculum is kept in the new order', async () => {
    const form = courseForm();
    const id = (await call('POST', '/api/admin/courses', form)).json().course.id;
    const reordered = [...form.curriculum].reverse();
    const res = await call('PUT', `/api/admin/courses/${id}`, { ...form, price: 2000, curriculum: reordered });
    expect(res.statusCode).toBe(200);
    expect(res.json().course.curriculum.map((item: { title: string }) => item.title)).toEqual([
      'Pricing',
      'Introduction',
    ]);
    const audit = await auditRow(t.database.db, id, 'course.update');
    expect(JSON.parse(audit.before_json ?? '{}').price).toBe(1499.5);
    expect(JSON.parse(audit.after_json ?? '{}').price).toBe(2000);
  });

  it('unpublishing hides a course from /api/courses but its buyer keeps the enrolment', async () => {
    const id = (await call('POST', '/api/admin/courses', courseForm())).json().course.id;
    const buyer = await createSignedInUser(t.database.db);
    await t.database.db
      .insertInto('enrolments')
      .values({
        id: newId(),
        user_id: buyer.id,
        course_id: id,
        order_id: null,
        granted_at: new Date().toISOString(),
        revoked_at: null,
      })
      .execute();
    const listed = async () =>
      (await t.app.inject({ url: '/api/courses' })).json().courses.map((c: { _id: string }) => c._id);
    expect(await listed()).toContain(id);
    expect((await call('POST', `/api/admin/courses/${id}/publish`, { published: false })).statusCode).toBe(200);
    expect(await listed()).not.toContain(id);
    expect((await t.app.inject({ url: `/api/courses/${id}` })).statusCode).toBe(404);
    const owned = await t.database.db
      .selectFrom('enrolments')
      .select('id')
      .where('user_id', '=', buyer.id)
      .where('course_id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(owned).toHaveLength(1);
    const enrolled = await t.app.inject({ url: '/api/enrolled-courses', headers: { cookie: buyer.cookie } });
    const mine = enrolled.json().courses.find((c: { _id: string }) => c._id === id);
    expect(mine.videos.map((v: { videoLink: string }) => v.videoLink)).toEqual(['https://youtu.be/aqz-KE-bpKQ']);
    expect((await call('POST', `/api/admin/courses/${id}/publish`, { published: true })).statusCode).toBe(200);
    expect(await listed()).toContain(id);
  });
});

describe('thumbnail upload', () => {
  const upload = (body: Buffer, type: string) => call('POST', '/api/admin/thumbnails', body, { 'content-type': type });

  it('stores a real image as WebP in the card sizes and serves it with a long cache', async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    const res = await upload(png, 'image/png');
    expect(res.statusCode).toBe(200);
    const thumb: string = res.json().thumb;
    expect(thumb).toMatch(/^\/uploads\/thumbs\/[a-f0-9]{20}-700\.webp$/);
    const file = path.join(t.config.dataDir, thumb.replace(/^\//, ''));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'webp', width: 700, height: 438 });
    const small = file.replace('-700.webp', '-350.webp');
    expect(await sharp(small).metadata()).toMatchObject({ format: 'webp', width: 350, height: 219 });
    const served = await t.app.inject({ url: thumb });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(fs.existsSync(file)).toBe(true);
  });

  it('refuses a file that is not an image, whatever its content type says', async () => {
    const res = await upload(Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file must be a PNG, JPEG or WebP image.');
    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      'image/svg+xml',
    );
    expect(svg.statusCode).toBe(400);
    expect(
      fs.existsSync(path.join(t.config.dataDir, 'uploads', 'thumbs'))
        ? fs.readdirSync(path.join(t.config.dataDir, 'uploads', 'thumbs')).filter((f) => !f.includes('-')).length
        : 0,
    ).toBe(0);
  });

  it('refuses a 16000 x 16000 PNG (1 MB on the wire, 256 Mpx) at once with a clear 400, decoding nothing', async () => {
    const png = hugeBlankPng(16_000, 16_000);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 16_000, height: 16_000 });
    const started = performance.now();
    const res = await upload(png, 'image/png');
    const took = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.adminImageTooManyPixels);
    expect(took).toBeLessThan(1000);
  });

  it('accepts an image of exactly 40 Mpx', async () => {
    const png = hugeBlankPng(8000, 5000);
    const res = await upload(png, 'image/png');
    expect(res.statusCode).toBe(200);
  });

  it('refuses an image over 5 MB with 413', async () => {
    const res = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'image/jpeg');
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The image must be at most 5 MB.');
  });
});

/**
 * A valid RGBA PNG of any size, blank, built in milliseconds: every scanline is the same run of zeros,
 * so one scanline's deflate blocks (ended by a sync flush) are repeated for every row, and the zlib
 * checksum of N zero bytes is worked out directly (a = 1, b = N mod 65521).
 */
function hugeBlankPng(width: number, height: number): Buffer {
  const rowBytes = 1 + width * 4;
  const row = zlib.deflateRawSync(Buffer.alloc(rowBytes), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((rowBytes * height) % 65521) * 65536 + 1) >>> 0);
  const stream = Buffer.concat([
    Buffer.from([0x78, 0x01]),
    ...Array.from({ length: height }, () => row),
    Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]),
    adler,
  ]);
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', stream),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
