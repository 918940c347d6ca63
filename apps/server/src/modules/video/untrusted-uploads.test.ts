import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages, pathWith, playbackPaths, videoAdminPaths } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, engine, type TestApp, type TestUser } from '../../../test/helpers.js';
import { ffmpegPath, makeClip, requireFfmpeg } from '../../../test/test-clips.js';
import { videoConsole } from '../../../test/test-uploads.js';
import { startVideoWork } from './index.js';
import { videoUploadsDir } from './upload-server.js';

// The operator's upload is the one file the shop hands to ffmpeg: what an upload may name or cost is
// checked before anything is transcoded (issue 32, report V9 and V19), every change to a lesson's video
// leaves an audit row (D3), and the upload endpoint speaks tus's discovery (OPTIONS).

requireFfmpeg();

let t: TestApp;
let admin: TestUser;
let scratch: string;
let origin: string;

beforeAll(async () => {
  t = await createTestApp();
  // The accepted uploads are transcoded here, as in a process whose SHOP_ROLE is both (run-jobs.ts).
  await startVideoWork(t.app);
  admin = await createSignedInUser(t.database.db, { role: 'admin' });
  origin = new URL(t.config.publicUrl).origin;
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'untrusted-uploads-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

/** Sends the whole file; answers the final PATCH (or creation) status and body instead of throwing. */
async function send(lessonId: string, file: Buffer) {
  const headers = { origin, cookie: admin.cookie, 'tus-resumable': '1.0.0' };
  const created = await t.app.inject({
    method: 'POST',
    url: pathWith(videoAdminPaths.uploads, { lessonId }),
    headers: { ...headers, 'upload-length': String(file.length) },
  });
  expect(created.statusCode).toBe(201);
  return t.app.inject({
    method: 'PATCH',
    url: created.headers.location as string,
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: file,
  });
}

async function nothingKept(lessonId: string) {
  const rows = await t.database.db.selectFrom('lesson_videos').select('id').where('lesson_id', '=', lessonId).execute();
  expect(rows).toEqual([]);
  const dir = videoUploadsDir(t.config.dataDir);
  expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
  const lesson = await t.database.db
    .selectFrom('course_lessons')
    .select('video_id')
    .where('id', '=', lessonId)
    .executeTakeFirstOrThrow();
  expect(lesson.video_id).toBeNull();
}

/** A tiny clip made by ffmpeg with its own arguments (a long declared duration, a huge frame). */
function ffmpegClip(name: string, args: string[]): Buffer {
  const file = path.join(scratch, name);
  execFileSync(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
  return fs.readFileSync(file);
}

const auditActions = async (entityId: string) =>
  (
    await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'entity', 'before_json', 'after_json'])
      .where('entity_id', '=', entityId)
      .orderBy('created_at')
      .execute()
  ).map((row) => row.action);

describe(`uploads that are not plain videos (${engine})`, { timeout: 180_000 }, () => {
  it('refuses an HLS playlist naming a file on the server, and publishes nothing', async () => {
    const console = videoConsole(t.app, admin);
    const lessonId = await console.newLesson();
    // A real video lying on the server's disk, which was never uploaded.
    const secret = makeClip(scratch, 'server-side.ts', { width: 160, height: 90, seconds: 2 });
    const playlist = `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:2.0,\n${secret}\n#EXT-X-ENDLIST\n`;
    const res = await send(lessonId, Buffer.from(playlist));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ok: false, message: messages.videoNotAVideo });
    await nothingKept(lessonId);
    expect(await console.read(lessonId)).toEqual({ ok: true, current: null, job: null });
  });

  it('refuses an ffconcat list, whatever it names', async () => {
    const lessonId = await videoConsole(t.app, admin).newLesson();
    const secret = makeClip(scratch, 'other.mp4', { width: 160, height: 90, seconds: 1 });
    const res = await send(lessonId, Buffer.from(`ffconcat version 1.0\nfile '${path.basename(secret)}'\n`));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.videoNotAVideo);
    await nothingKept(lessonId);
  });

  it('refuses a video longer than VIDEO_MAX_HOURS (6 by default), before transcoding', async () => {
    const lessonId = await videoConsole(t.app, admin).newLesson();
    // 1.3 KB: three 64x64 frames 3.5 hours apart, so the container declares 7 hours.
    const long = ffmpegClip('seven-hours.mkv', [
      ...['-f', 'lavfi', '-i', 'color=c=red:size=64x64:rate=1', '-frames:v', '3'],
      ...['-vf', 'setpts=N*12600/TB', '-fps_mode', 'passthrough', '-c:v', 'libx264', '-preset', 'ultrafast'],
    ]);
    expect(t.config.videoMaxHours).toBe(6);
    const res = await send(lessonId, long);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.videoTooLong.replace('{duration}', '7 h 0 min').replace('{hours}', '6'));
    await nothingKept(lessonId);
  });

  it('refuses a picture larger than 4K, either way up, before transcoding', async () => {
    const lessonId = await videoConsole(t.app, admin).newLesson();
    const huge = ffmpegClip('8k.mkv', [
      ...['-f', 'lavfi', '-i', 'color=c=blue:size=8192x8192:rate=1', '-frames:v', '1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast'],
    ]);
    const res = await send(lessonId, huge);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.videoTooLarge.replace('{width}', '8192').replace('{height}', '8192'));
    await nothingKept(lessonId);
    // A portrait 4K phone video is 2160 wide and 3840 high: within the limit.
    const portrait = ffmpegClip('portrait-4k.mkv', [
      ...['-f', 'lavfi', '-i', 'color=c=green:size=2160x3840:rate=1', '-frames:v', '1'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast'],
    ]);
    expect((await send(lessonId, portrait)).statusCode).toBe(204);
  });
});

describe(`the lesson video's audit trail (${engine})`, { timeout: 240_000 }, () => {
  it('an accepted upload, captions, a retry and a deletion each write an audit row naming the operator', async () => {
    const console = videoConsole(t.app, admin);
    const headers = { origin, cookie: admin.cookie };
    const lessonId = await console.newLesson();
    const good = fs.readFileSync(makeClip(scratch, 'audited.mp4', { width: 320, height: 180, seconds: 2 }));
    expect((await send(lessonId, good)).statusCode).toBe(204);
    const ready = await console.waitFor(lessonId, (s) => s.current !== null);
    const videoId = ready.current?.id as string;
    const captions = await t.app.inject({
      method: 'POST',
      url: pathWith(videoAdminPaths.captions, { lessonId }),
      headers: { ...headers, 'content-type': 'text/vtt' },
      payload: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHello.\n',
    });
    expect(captions.statusCode).toBe(200);

    // The header of a fast-start MP4 without its media: accepted by the probe, failed by ffmpeg.
    const headerOnly = good.subarray(0, good.indexOf('mdat') + 20);
    expect((await send(lessonId, headerOnly)).statusCode).toBe(204);
    await console.waitFor(lessonId, (s) => s.job?.status === 'failed');
    const retried = await t.app.inject({
      method: 'POST',
      url: pathWith(videoAdminPaths.retry, { lessonId }),
      headers,
    });
    expect(retried.statusCode).toBe(200);
    await console.waitFor(lessonId, (s) => s.job?.status === 'failed');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: pathWith(videoAdminPaths.video, { lessonId }),
      headers,
    });
    expect(deleted.statusCode).toBe(200);

    expect(await auditActions(lessonId)).toEqual([
      'video.upload_accepted',
      'video.captions_saved',
      'video.upload_accepted',
      'video.retried',
      'video.deleted',
    ]);
    const rows = await t.database.db.selectFrom('audit_log').selectAll().where('entity_id', '=', lessonId).execute();
    for (const row of rows) expect(row).toMatchObject({ actor_id: admin.id, entity: 'lesson_video' });
    const first = rows.find((row) => row.action === 'video.upload_accepted');
    expect(JSON.parse(first?.after_json ?? '{}')).toEqual({ videoId, sourceName: '' });
    const deletion = rows.find((row) => row.action === 'video.deleted');
    expect(JSON.parse(deletion?.before_json ?? '[]').map((video: { videoId: string }) => video.videoId)).toContain(
      videoId,
    );
  });
});

describe(`the upload endpoint's protocol and the settings' order of checks (${engine})`, () => {
  it('answers OPTIONS with Tus-Version, Tus-Resumable, Tus-Max-Size and Tus-Extension', async () => {
    const lessonId = await videoConsole(t.app, admin).newLesson();
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: pathWith(videoAdminPaths.uploads, { lessonId }),
      headers: { origin, cookie: admin.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['tus-version']).toBe('1.0.0');
    expect(res.headers['tus-resumable']).toBe('1.0.0');
    expect(res.headers['tus-max-size']).toBe(String(4 * 1024 ** 3));
    expect(String(res.headers['tus-extension']).split(',')).toEqual(
      expect.arrayContaining(['creation', 'termination', 'expiration']),
    );
  });

  it("refuses a visitor's PUT on the video settings with 401 before looking at its body", async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: playbackPaths.adminSettings,
      headers: { origin },
      payload: { maxDevices: 'many' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ ok: false, message: messages.pleaseLogIn });
  });
});
