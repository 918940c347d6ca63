import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AdminCourseStructure, type LessonVideoResponse, messages, pathWith, videoAdminPaths } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { courseForm } from '../../../test/admin-test-client.js';
import { createSignedInUser, createTestApp, engine, type TestApp, type TestUser } from '../../../test/helpers.js';
import { makeClip, requireFfmpeg } from '../../../test/test-clips.js';
import { buildApp } from '../../app.js';
import { startVideoWork } from './index.js';
import { MASTER_PLAYLIST } from './transcode-to-hls.js';
import { videoUploadsDir } from './upload-server.js';

requireFfmpeg();

let t: TestApp;
/** The app under test: replaced by a new one on the same data in the restart test. */
let app: FastifyInstance;
let admin: TestUser;
let clips: string;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  // The transcodes run here, as in a process whose SHOP_ROLE is both (run-jobs.ts).
  await startVideoWork(app);
  origin = new URL(t.config.publicUrl).origin;
  admin = await createSignedInUser(t.database.db, { role: 'admin' });
  clips = fs.mkdtempSync(path.join(os.tmpdir(), 'lesson-video-'));
});
afterAll(async () => {
  if (app !== t.app) await app.close();
  await t?.close();
  fs.rmSync(clips, { recursive: true, force: true });
});

const as = (user: TestUser | null) => ({ origin, ...(user ? { cookie: user.cookie } : {}) });
const tus = { 'tus-resumable': '1.0.0' };

/** A new course with one lesson; answers the lesson's id. */
async function newLesson(): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/admin/courses',
    headers: as(admin),
    payload: courseForm(),
  });
  const id: string = created.json().course.id;
  const structure = (
    await app.inject({ url: `/api/admin/courses/${id}/structure`, headers: as(admin) })
  ).json() as AdminCourseStructure;
  const lesson = structure.sections[0]?.lessons[0];
  if (!lesson) throw new Error('the course has no lesson');
  return lesson.id;
}

/** tus creation: answers the upload's URL. */
async function createUpload(lessonId: string, length: number, user: TestUser | null = admin) {
  return app.inject({
    method: 'POST',
    url: pathWith(videoAdminPaths.uploads, { lessonId }),
    headers: {
      ...as(user),
      ...tus,
      'upload-length': String(length),
      'upload-metadata': `filename ${Buffer.from('lesson one.mp4').toString('base64')}`,
    },
  });
}

const patch = (location: string, offset: number, chunk: Buffer) =>
  app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...as(admin),
      ...tus,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: chunk,
  });

/** A whole file in one creation and one PATCH; answers the PATCH's response. */
async function upload(lessonId: string, file: Buffer) {
  const created = await createUpload(lessonId, file.length);
  expect(created.statusCode).toBe(201);
  return patch(created.headers.location as string, 0, file);
}

const readVideo = async (lessonId: string) => {
  const res = await app.inject({ url: pathWith(videoAdminPaths.video, { lessonId }), headers: as(admin) });
  expect(res.statusCode).toBe(200);
  return res.json() as LessonVideoResponse;
};

async function waitFor(lessonId: string, done: (state: LessonVideoResponse) => boolean, seconds = 90) {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const state = await readVideo(lessonId);
    if (done(state)) return state;
    if (Date.now() > until) throw new Error(`timed out; last state ${JSON.stringify(state)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const lessonRow = (lessonId: string) =>
  t.database.db.selectFrom('course_lessons').select('video_id').where('id', '=', lessonId).executeTakeFirstOrThrow();
const videoRows = (lessonId: string) =>
  t.database.db.selectFrom('lesson_videos').selectAll().where('lesson_id', '=', lessonId).execute();
const published = (videoId: string) => fs.existsSync(path.join(t.config.dataDir, 'video', videoId, MASTER_PLAYLIST));
const keyKept = (videoId: string) => fs.existsSync(path.join(t.config.dataDir, 'video-keys', `${videoId}.key`));
const waitingUploads = () => {
  const dir = videoUploadsDir(t.config.dataDir);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

let clipCounter = 0;
const clip = (seconds = 3, width = 320, height = 180) => {
  clipCounter += 1;
  return fs.readFileSync(makeClip(clips, `clip-${clipCounter}.mp4`, { width, height, seconds }));
};

// Real ffmpeg on a machine shared with other work: a transcode of a few seconds may take a while.
describe(`lesson video upload and transcode (${engine})`, { timeout: 240_000 }, () => {
  it('resumes an upload (two PATCHes with a HEAD between), then transcodes it to a ready ladder the lesson plays, progress reaching 100', async () => {
    const lessonId = await newLesson();
    const file = clip();
    const created = await createUpload(lessonId, file.length);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(new RegExp(`^/api/admin/lessons/${lessonId}/video/uploads/[0-9a-f]{32}$`));
    const half = Math.floor(file.length / 2);
    expect((await patch(location, 0, file.subarray(0, half))).statusCode).toBe(204);

    // The connection dropped here: the client asks where to resume.
    const head = await app.inject({ method: 'HEAD', url: location, headers: { ...as(admin), ...tus } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(file.length));
    // A PATCH from a wrong offset is refused; the right one finishes the upload.
    expect((await patch(location, 0, file.subarray(0, 10))).statusCode).toBe(409);
    const last = await patch(location, half, file.subarray(half));
    expect(last.statusCode).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(file.length));

    const progress: number[] = [];
    const state = await waitFor(lessonId, (s) => {
      if (s.job) progress.push(s.job.progress);
      return s.current !== null;
    });
    expect(state.job).toBeNull();
    const current = state.current as NonNullable<LessonVideoResponse['current']>;
    expect(current).toMatchObject({ status: 'ready', progress: 100, sourceName: 'lesson one.mp4', error: null });
    expect(current.durationSeconds).toBeCloseTo(3, 0);
    expect(current.rungs).toEqual([{ name: '180p', width: 320, height: 180 }]);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect((await lessonRow(lessonId)).video_id).toBe(current.id);
    expect(published(current.id)).toBe(true);
    expect(keyKept(current.id)).toBe(true);
    // The upload is deleted once the video is published (just after: the lesson plays the new video first).
    await vi.waitFor(() => expect(waitingUploads()).toEqual([]), { timeout: 5000, interval: 50 });
    expect((await videoRows(lessonId))[0]).toMatchObject({ source_path: null, attempts: 1 });
  });

  it('refuses a file that is not a video by its content, with the message, and keeps nothing', async () => {
    const lessonId = await newLesson();
    const res = await upload(lessonId, Buffer.from('just some notes, renamed lesson.mp4\n'.repeat(50)));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, message: messages.videoNotAVideo });
    expect(await videoRows(lessonId)).toEqual([]);
    expect(waitingUploads()).toEqual([]);
    expect(await readVideo(lessonId)).toEqual({ ok: true, current: null, job: null });
    // A PATCH far above the JSON routes' 1 MiB body limit reaches tus whole (no parser reads it first).
    const noise = await upload(lessonId, randomBytes(3 * 1024 * 1024));
    expect(noise.statusCode).toBe(400);
    expect(noise.json().message).toBe(messages.videoNotAVideo);
    expect(waitingUploads()).toEqual([]);
  });

  it('refuses a visitor (401) and a learner (403) before anything is written, and an unknown lesson (404)', async () => {
    const lessonId = await newLesson();
    const learner = await createSignedInUser(t.database.db);
    expect((await createUpload(lessonId, 1000, null)).statusCode).toBe(401);
    expect((await createUpload(lessonId, 1000, learner)).statusCode).toBe(403);
    const head = await app.inject({
      method: 'PATCH',
      url: `${pathWith(videoAdminPaths.uploads, { lessonId })}/${'a'.repeat(32)}`,
      headers: { ...as(learner), ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: Buffer.alloc(10),
    });
    expect(head.statusCode).toBe(403);
    expect(waitingUploads()).toEqual([]);
    const unknown = await createUpload('0123456789abcdef01234567', 1000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(messages.videoLessonNotFound);
    // Another site's page cannot start an upload with the operator's cookie.
    const foreign = await app.inject({
      method: 'POST',
      url: pathWith(videoAdminPaths.uploads, { lessonId }),
      headers: { cookie: admin.cookie, origin: 'https://evil.example', ...tus, 'upload-length': '1000' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(waitingUploads()).toEqual([]);
    // An upload made for one lesson cannot be continued under another.
    const created = await createUpload(lessonId, 1000);
    const other = await newLesson();
    const moved = (created.headers.location as string).replace(lessonId, other);
    expect((await patch(moved, 0, Buffer.alloc(10))).statusCode).toBe(404);
    await app.inject({ method: 'DELETE', url: created.headers.location as string, headers: { ...as(admin), ...tus } });
    expect(waitingUploads()).toEqual([]);
  });

  it('shows ffmpeg’s reason when the transcode fails, and Retry runs it again', async () => {
    const lessonId = await newLesson();
    const good = clip();
    // The header (moov) of a fast-start MP4 without its media: ffprobe reads a 3 s video, ffmpeg finds no frames.
    const headerOnly = good.subarray(0, good.indexOf('mdat') + 20);
    expect((await upload(lessonId, headerOnly)).statusCode).toBe(204);
    const failed = await waitFor(lessonId, (s) => s.job?.status === 'failed');
    expect(failed.job?.error).toMatch(/partial file|Invalid data|Cannot determine format/);
    expect(failed.current).toBeNull();
    expect((await lessonRow(lessonId)).video_id).toBeNull();
    // The upload is kept for the retry; here the operator's disk gets the whole file back (a repaired mount).
    const [row] = await videoRows(lessonId);
    fs.writeFileSync(row?.source_path as string, good);
    const retried = await app.inject({
      method: 'POST',
      url: pathWith(videoAdminPaths.retry, { lessonId }),
      headers: as(admin),
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().job).toMatchObject({ status: expect.stringMatching(/queued|running/), error: null });
    const ready = await waitFor(lessonId, (s) => s.current !== null);
    expect(ready.current?.status).toBe('ready');
    expect((await videoRows(lessonId))[0]?.attempts).toBe(2);
    const again = await app.inject({
      method: 'POST',
      url: pathWith(videoAdminPaths.retry, { lessonId }),
      headers: as(admin),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.videoNothingToRetry);
  });

  it('a replacement keeps the old video playing until it is ready, then the old one’s files go; deleting removes everything', async () => {
    const lessonId = await newLesson();
    expect((await upload(lessonId, clip())).statusCode).toBe(204);
    const first = (await waitFor(lessonId, (s) => s.current !== null)).current?.id as string;

    expect((await upload(lessonId, clip(4))).statusCode).toBe(204);
    const during = await readVideo(lessonId);
    expect(during.current?.id).toBe(first);
    expect(during.job?.status).toMatch(/queued|running/);
    expect((await lessonRow(lessonId)).video_id).toBe(first);
    expect(published(first)).toBe(true);

    const replaced = await waitFor(lessonId, (s) => s.current !== null && s.current.id !== first);
    const second = replaced.current?.id as string;
    expect((await lessonRow(lessonId)).video_id).toBe(second);
    // The worker removes the old files right after publishing the new video: the answer can come in between.
    await vi.waitFor(() => {
      expect(published(first)).toBe(false);
      expect(keyKept(first)).toBe(false);
    });
    expect((await videoRows(lessonId)).map((row) => row.id)).toEqual([second]);

    const deleted = await app.inject({
      method: 'DELETE',
      url: pathWith(videoAdminPaths.video, { lessonId }),
      headers: as(admin),
    });
    expect(deleted.statusCode).toBe(200);
    expect(published(second)).toBe(false);
    expect(keyKept(second)).toBe(false);
    expect((await lessonRow(lessonId)).video_id).toBeNull();
    expect(await videoRows(lessonId)).toEqual([]);
  });

  it('takes WebVTT captions for the ready video and refuses other text', async () => {
    const lessonId = await newLesson();
    const url = pathWith(videoAdminPaths.captions, { lessonId });
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:01.500\nA call option gives the right to buy.\n';
    const send = (body: string) =>
      app.inject({ method: 'POST', url, headers: { ...as(admin), 'content-type': 'text/vtt' }, payload: body });
    expect((await send(vtt)).json().message).toBe(messages.videoNoReadyVideo);
    expect((await upload(lessonId, clip())).statusCode).toBe(204);
    const id = (await waitFor(lessonId, (s) => s.current !== null)).current?.id as string;
    const refused = await send('1\n00:00:00,000 --> 00:00:01,000\nAn SRT file\n');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(messages.videoCaptionsInvalid);
    const saved = await send(vtt);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().current.hasCaptions).toBe(true);
    expect(fs.readFileSync(path.join(t.config.dataDir, 'video', id, 'captions.vtt'), 'utf8')).toBe(vtt);
    const big = await send(`WEBVTT\n\n${'x'.repeat(1024 * 1024)}`);
    expect(big.statusCode).toBe(413);
  });

  it('a replacement keeps the lesson’s captions: the new video has them once it is ready', async () => {
    const lessonId = await newLesson();
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:01.000\nA put option gives the right to sell.\n';
    expect((await upload(lessonId, clip(2))).statusCode).toBe(204);
    const first = (await waitFor(lessonId, (s) => s.current !== null)).current?.id as string;
    const saved = await app.inject({
      method: 'POST',
      url: pathWith(videoAdminPaths.captions, { lessonId }),
      headers: { ...as(admin), 'content-type': 'text/vtt' },
      payload: vtt,
    });
    expect(saved.json().current.hasCaptions).toBe(true);
    expect((await upload(lessonId, clip(2))).statusCode).toBe(204);
    const replaced = await waitFor(lessonId, (s) => s.current !== null && s.current.id !== first);
    const second = replaced.current?.id as string;
    expect(replaced.current?.hasCaptions).toBe(true);
    expect(fs.readFileSync(path.join(t.config.dataDir, 'video', second, 'captions.vtt'), 'utf8')).toBe(vtt);
    // The replaced video's files go once the new one is current: polled, as the removal follows the switch.
    await expect.poll(() => published(first)).toBe(false);
  });

  it('deleting the lesson in the structure editor removes its video’s files', async () => {
    const lessonId = await newLesson();
    expect((await upload(lessonId, clip())).statusCode).toBe(204);
    const id = (await waitFor(lessonId, (s) => s.current !== null)).current?.id as string;
    const course = await t.database.db
      .selectFrom('course_lessons')
      .select('course_id')
      .where('id', '=', lessonId)
      .executeTakeFirstOrThrow();
    const structureUrl = `/api/admin/courses/${course.course_id}/structure`;
    const structure = (await app.inject({ url: structureUrl, headers: as(admin) })).json() as AdminCourseStructure;
    const sections = structure.sections.map((section) => ({
      id: section.id,
      title: section.title,
      lessons: section.lessons
        .filter((lesson) => lesson.id !== lessonId)
        .map(({ hasProgress: _begun, ...lesson }) => lesson),
    }));
    const saved = await app.inject({ method: 'PUT', url: structureUrl, headers: as(admin), payload: { sections } });
    expect(saved.statusCode).toBe(200);
    const until = Date.now() + 5000;
    while ((published(id) || keyKept(id)) && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(published(id)).toBe(false);
    expect(keyKept(id)).toBe(false);
  });

  it('a job interrupted by the app closing is queued again and finished by the next start', async () => {
    const lessonId = await newLesson();
    expect((await upload(lessonId, clip(4, 640, 360))).statusCode).toBe(204);
    await waitFor(lessonId, (s) => s.job?.status === 'running', 60);
    await app.close();
    const [row] = await videoRows(lessonId);
    expect(row).toMatchObject({ status: 'queued', progress: 0 });
    expect(fs.existsSync(row?.source_path as string)).toBe(true);

    app = await buildApp({ config: t.config, database: t.database, logger: false });
    await app.ready();
    await startVideoWork(app);
    const state = await waitFor(lessonId, (s) => s.current !== null);
    expect(state.current?.status).toBe('ready');
    expect((await videoRows(lessonId))[0]?.attempts).toBe(2);
  });
});
