import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PlaybackResponse } from '@shop/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededTestApp, createSignedInUser, engine, type TestApp, testConfig } from '../../../test/helpers.js';
import { makeClip, requireFfmpeg } from '../../../test/test-clips.js';
import { buy } from '../../../test/test-purchases.js';
import { startTestS3, type TestS3 } from '../../../test/test-s3.js';
import { videoConsole } from '../../../test/test-uploads.js';
import { lessonIdsOf } from '../../../test/test-video.js';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/database.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { startVideoWork } from './index.js';
import { sequenceIv } from './transcode-to-hls.js';

requireFfmpeg();

const courseId = demoCourses[0]?._id ?? '';
const SHOP_SECRET = 'b'.repeat(64);

describe.each(['presigned', 'stream'] as const)(`lesson video on S3 (DOWNLOADS=%s, ${engine})`, (mode) => {
  let s3: TestS3;
  let a: TestApp;
  /** A second process: the same database and bucket, its own (empty) data folder. */
  let b: FastifyInstance;
  let closeB: () => Promise<void>;
  let clips: string;
  /** The first test's segment address, asked for again once the bucket is gone. */
  let segmentUrl = '';
  let segmentCookie = '';
  let s3Closed = false;

  beforeAll(async () => {
    s3 = await startTestS3();
    const env = { ...s3.env, SHOP_SECRET, DOWNLOADS: mode };
    a = await createSeededTestApp(env);
    // The first process transcodes (as SHOP_ROLE=both does, run-jobs.ts); the second only plays.
    await startVideoWork(a.app);
    const config = { ...testConfig(env), database: a.database.config };
    const database = openDatabase(config.database);
    b = await buildApp({ config, database, logger: false });
    await b.ready();
    closeB = async () => {
      await b.close();
      await database.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    };
    clips = fs.mkdtempSync(path.join(os.tmpdir(), 'video-s3-'));
  });
  afterAll(async () => {
    await closeB?.();
    await a?.close();
    if (!s3Closed) await s3?.close();
    fs.rmSync(clips, { recursive: true, force: true });
  });

  it('a clip transcoded by one process is played through another: playlists, key and a decrypted segment', async () => {
    const admin = await createSignedInUser(a.database.db, { role: 'admin' });
    const lessonId = (await lessonIdsOf(a.database.db, courseId))[1] ?? '';
    const operator = videoConsole(a.app, admin);
    await operator.upload(
      lessonId,
      fs.readFileSync(makeClip(clips, 'clip.mp4', { width: 320, height: 180, seconds: 2 })),
    );
    const videoId = (await operator.waitFor(lessonId, (s) => s.current !== null)).current?.id ?? '';

    // The outputs are in the bucket, none in the transcoding process's data folder; the key only sealed.
    expect(fs.existsSync(path.join(a.config.dataDir, 'video'))).toBe(false);
    expect(fs.existsSync(path.join(a.config.dataDir, 'video-keys'))).toBe(false);
    const objects = a.app.deps.storage;
    expect(await objects.exists(`video/${videoId}/master.m3u8`)).toBe(true);
    expect(await objects.exists(`video/${videoId}/poster.jpg`)).toBe(true);
    const sealed = Buffer.concat(await ((await objects.get(`video-keys/${videoId}.key`))?.body.toArray() ?? []));

    const { user } = await buy(a, [courseId]);
    const get = (url: string) => b.inject({ url, headers: { cookie: user.cookie } });
    const granted = await get(`/api/learn/${courseId}/lessons/${lessonId}/playback`);
    expect(granted.statusCode, granted.body).toBe(200);
    const grant = granted.json() as PlaybackResponse;
    const master = await get(grant.manifestUrl);
    expect(master.statusCode).toBe(200);
    const mediaLine = master.body.split('\n').find((line) => line.endsWith(grant.signedQuery)) ?? '';
    const media = await get(`/api/video/${videoId}/${mediaLine}`);
    expect(media.statusCode).toBe(200);
    const keyLine = /#EXT-X-KEY:.*URI="([^"]+)"/.exec(media.body);
    const key = await get(keyLine?.[1] ?? '');
    expect(key.statusCode).toBe(200);
    expect(key.rawPayload).toHaveLength(16);
    expect(sealed.includes(key.rawPayload)).toBe(false);

    const segmentName = media.body.split('\n').find((line) => /^segment-000\.ts\?/.test(line)) ?? '';
    segmentUrl = `/api/video/${videoId}/${mediaLine.split('/')[0]}/${segmentName}`;
    segmentCookie = user.cookie;
    const segment = await get(segmentUrl);
    let bytes: Buffer;
    if (mode === 'presigned') {
      expect(segment.statusCode).toBe(302);
      expect(segment.headers['cache-control']).toBe('private, no-store');
      const location = String(segment.headers.location);
      expect(location.startsWith(`${s3.settings.endpoint}/${s3.settings.bucket}/video/${videoId}/`)).toBe(true);
      const fromBucket = await fetch(location);
      expect(fromBucket.status).toBe(200);
      expect(fromBucket.headers.get('content-type')).toBe('video/mp2t');
      bytes = Buffer.from(await fromBucket.arrayBuffer());
      // The page may follow the redirect: the bucket is one of the origins its policy allows to connect to.
      const policy = String((await b.inject({ url: '/' })).headers['content-security-policy']);
      expect(policy).toMatch(new RegExp(`connect-src[^;]* ${new URL(location).origin}`));
    } else {
      expect(segment.statusCode).toBe(200);
      bytes = segment.rawPayload;
    }
    const decipher = createDecipheriv('aes-128-cbc', key.rawPayload, sequenceIv(0));
    const plain = Buffer.concat([decipher.update(bytes), decipher.final()]);
    // MPEG-TS: a sync byte every 188 bytes once decrypted.
    expect([0, 188, 376].every((at) => plain[at] === 0x47)).toBe(true);
    expect((await get(grant.posterUrl)).statusCode).toBe(mode === 'presigned' ? 302 : 200);
  }, 180_000);

  it('a bucket that does not answer: streamed, an error (not "this video has no stream"); presigned, the redirect still goes out', async () => {
    expect(segmentUrl).not.toBe('');
    await s3.close();
    s3Closed = true;
    const segment = await b.inject({ url: segmentUrl, headers: { cookie: segmentCookie } });
    if (mode === 'presigned') expect(segment.statusCode).toBe(302);
    else expect(segment.statusCode).toBeGreaterThanOrEqual(500);
  }, 60_000);
});
