import { createDecipheriv } from 'node:crypto';
import fs from 'node:fs';
import {
  type AdminAuditResponse,
  type AdminLearnerResponse,
  type AdminLearnersResponse,
  type LearnCourseResponse,
  messages,
  type PlaybackResponse,
  playbackPaths,
  videoSettingsResponse,
} from '@shop/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSeededTestApp, createSignedInUser, engine, type TestUser } from '../../../test/helpers.js';
import { refundInFull } from '../../../test/refunds.js';
import { buy } from '../../../test/test-purchases.js';
import { attachVideo, lessonIdsOf, makeReadyVideo } from '../../../test/test-video.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { loadOrCreateSecret } from '../../auth/secrets.js';
import { createSession } from '../../auth/session.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { createLocalVideoStorage } from '../../storage/video-storage.js';
import { sequenceIv } from '../video/transcode-to-hls.js';
import { signVideoQuery, VIDEO_LINK_SECRET_NAME } from './video-links.js';

const t = useTestApp(createSeededTestApp);
const courseId = demoCourses[0]?._id ?? '';
let lessons: string[];
let videoId: string;
// The seed's first lesson is a free preview; the second is for buyers only.
let previewLesson: string;
let paidLesson: string;
let lessonWithoutVideo: string;

beforeAll(async () => {
  lessons = await lessonIdsOf(t.database.db, courseId);
  [previewLesson = '', paidLesson = '', lessonWithoutVideo = ''] = lessons;
  videoId = await makeReadyVideo(t.database.db, t.config.dataDir, paidLesson, { captions: true });
  await attachVideo(t.database.db, previewLesson, videoId);
}, 120_000);

const origin = () => new URL(t.config.publicUrl).origin;
const cookieOf = (user: TestUser | string | null) =>
  user === null ? {} : { cookie: typeof user === 'string' ? `token=${user}` : user.cookie };
const playback = (user: TestUser | string | null, lessonId = paidLesson) =>
  t.app.inject({ url: `/api/learn/${courseId}/lessons/${lessonId}/playback`, headers: cookieOf(user) });
const fetchAs = (user: TestUser | string | null, url: string) => t.app.inject({ url, headers: cookieOf(user) });
const keyUrl = (grant: PlaybackResponse, id = videoId, index = 0) =>
  `/api/video/${id}/keys/${index}${grant.signedQuery}`;

/** The signed URIs a player follows: the master's first media playlist, and that playlist's key. */
async function followPlaylists(user: TestUser | string | null, grant: PlaybackResponse, id = videoId) {
  const master = await fetchAs(user, grant.manifestUrl);
  expect(master.statusCode).toBe(200);
  const mediaLine = master.body.split('\n').find((line) => line.endsWith(grant.signedQuery)) ?? '';
  const media = await fetchAs(user, `/api/video/${id}/${mediaLine}`);
  expect(media.statusCode).toBe(200);
  const keyUri = /#EXT-X-KEY:.*URI="([^"]+)"/.exec(media.body)?.[1] ?? '';
  const segment = media.body.split('\n').find((line) => /^segment-\d+\.ts\?/.test(line)) ?? '';
  return { master, media, keyUri, segmentUrl: `/api/video/${id}/${mediaLine.split('/')[0]}/${segment}` };
}

async function owner() {
  const bought = await buy(t, [courseId]);
  return bought;
}

async function grantOf(user: TestUser | string | null, lessonId = paidLesson): Promise<PlaybackResponse> {
  const res = await playback(user, lessonId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe(`lesson video playback (${engine})`, () => {
  it('gives a buyer a signed playlist, the watermark, and the key on the signed URI, never stored', async () => {
    const { user } = await owner();
    // The player learns which lessons have a stream of their own from the course's answer.
    const course = (await fetchAs(user, `/api/learn/${courseId}`)).json() as LearnCourseResponse;
    const ownVideo = course.sections.flatMap((section) => section.lessons).map((lesson) => lesson.ownVideo);
    expect(ownVideo.slice(0, 3)).toEqual([true, true, false]);
    const res = await playback(user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const grant: PlaybackResponse = res.json();
    expect(grant.manifestUrl).toMatch(new RegExp(`^/api/video/${videoId}/master\\.m3u8\\?c=.+&s=[0-9a-f]{64}$`));
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    expect(grant.watermark).toBe(`${user.email} · ${today}`);
    const expires = Date.parse(grant.expiresAt) - Date.now();
    expect(expires).toBeGreaterThan(60_000);
    expect(expires).toBeLessThanOrEqual(5 * 60_000);

    const { master, media, keyUri, segmentUrl } = await followPlaylists(user, grant);
    expect(master.headers['cache-control']).toContain('no-store');
    expect(master.headers['content-type']).toContain('mpegurl');
    expect(master.body.match(/^\d+p\/index\.m3u8\?/gm)).toHaveLength(2);
    expect(media.headers['cache-control']).toContain('no-store');
    expect(keyUri).toBe(keyUrl(grant));

    const key = await fetchAs(user, keyUri);
    expect(key.statusCode).toBe(200);
    expect(key.headers['cache-control']).toContain('no-store');
    expect(key.rawPayload).toEqual(await createLocalVideoStorage(t.config.dataDir).readKey(videoId));
    expect(key.rawPayload).toHaveLength(16);

    // Ciphertext, on the learner's signed URL like the playlists: no shared cache keeps it, no one else gets it.
    expect(segmentUrl.endsWith(`/segment-000.ts${grant.signedQuery}`)).toBe(true);
    const segment = await fetchAs(user, segmentUrl);
    expect(segment.statusCode).toBe(200);
    expect(segment.headers['cache-control']).toBe('private, no-store');
    expect((await fetchAs(null, segmentUrl)).statusCode).toBe(401);
    expect((await fetchAs(null, segmentUrl.replace(/\?.*/, ''))).statusCode).toBe(403);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload.length).toBeGreaterThan(1000);
    // An MPEG-TS packet starts with 0x47 every 188 bytes; the encrypted file does not.
    expect([0, 188, 376].every((at) => segment.rawPayload[at] === 0x47)).toBe(false);

    const captions = await fetchAs(user, grant.captionsUrl ?? '');
    expect(captions.statusCode).toBe(200);
    expect(captions.body).toContain('A test caption');
    expect((await fetchAs(user, grant.posterUrl)).headers['content-type']).toBe('image/jpeg');
    expect((await fetchAs(null, grant.posterUrl)).statusCode).toBe(401);
  });

  it('answers 404 for a lesson without a ready video, 401 to a visitor and 403 to a non-buyer of a paid lesson', async () => {
    const { user } = await owner();
    expect((await playback(user, lessonWithoutVideo)).statusCode).toBe(404);
    expect((await playback(user, lessonWithoutVideo)).json().message).toBe(messages.videoNoStream);
    expect((await playback(null)).statusCode).toBe(401);
    const stranger = await createSignedInUser(t.database.db);
    const refused = await playback(stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.videoNotEnrolled);
  });

  it("refuses another learner the buyer's signed playlist and key, even a buyer of the same course", async () => {
    const { user } = await owner();
    const grant = await grantOf(user);
    const other = (await owner()).user;
    for (const url of [grant.manifestUrl, keyUrl(grant)]) {
      const res = await fetchAs(other, url);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(messages.videoLinkOtherUser);
      expect(res.rawPayload).not.toEqual(await createLocalVideoStorage(t.config.dataDir).readKey(videoId));
    }
  });

  it("refuses the buyer's link in another browser of the same account (the signature binds the session)", async () => {
    const { user } = await owner();
    const grant = await grantOf(user);
    const secondBrowser = await createSession(t.database.db, user.id);
    const res = await fetchAs(secondBrowser, keyUrl(grant));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(messages.videoLinkInvalid);
  });

  it('refuses a tampered signature, expiry, course or user, and an expired link', async () => {
    const { user } = await owner();
    const grant = await grantOf(user);
    const url = keyUrl(grant);
    const flipped = url.replace(/s=([0-9a-f])/, (_m, c: string) => `s=${c === 'a' ? 'b' : 'a'}`);
    const later = url.replace(/e=(\d+)/, (_m, e: string) => `e=${Number(e) + 3600}`);
    const otherCourse = url.replace(/c=[^&]+/, `c=${demoCourses[1]?._id}`);
    for (const tampered of [flipped, later, otherCourse, url.replace(/&s=.*/, '')]) {
      const res = await fetchAs(user, tampered);
      expect(res.statusCode, tampered).toBe(403);
    }
    // A genuine link signed 10 minutes ago for 5 minutes.
    const secret = loadOrCreateSecret(t.config.dataDir, VIDEO_LINK_SECRET_NAME);
    const session = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const old = signVideoQuery(
      secret,
      { videoId, courseId, lessonId: paidLesson, userId: user.id, sessionId: session.id },
      300,
      new Date(Date.now() - 600_000),
    );
    const expired = await fetchAs(user, `/api/video/${videoId}/key${old.query}`);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().message).toBe(messages.videoLinkExpired);
    expect((await fetchAs(user, url)).statusCode).toBe(200);
  });

  it('refuses the key, the segments and the poster to a refunded learner and to a signed-out browser, on the next request', async () => {
    const bought = await owner();
    const grant = await grantOf(bought.user);
    const { segmentUrl } = await followPlaylists(bought.user, grant);
    for (const url of [keyUrl(grant), segmentUrl, grant.posterUrl]) {
      expect((await fetchAs(bought.user, url)).statusCode, url).toBe(200);
    }
    await refundInFull(t, bought.orderId);
    const refunded = await fetchAs(bought.user, keyUrl(grant));
    expect(refunded.statusCode).toBe(403);
    expect(refunded.json().message).toBe(messages.videoNotEnrolled);
    // Nothing of the video answers any more, not even the ciphertext the learner was fetching.
    for (const url of [segmentUrl, grant.posterUrl]) {
      const res = await fetchAs(bought.user, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(messages.videoNotEnrolled);
    }
    expect((await fetchAs(bought.user, grant.manifestUrl)).statusCode).toBe(403);
    expect((await playback(bought.user)).statusCode).toBe(403);

    const { user } = await owner();
    const live = await grantOf(user);
    const { segmentUrl: liveSegment } = await followPlaylists(user, live);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { ...cookieOf(user), origin: origin() },
    });
    expect(out.statusCode).toBe(200);
    const signedOut = await fetchAs(user, keyUrl(live));
    expect(signedOut.statusCode).toBe(401);
    expect((await fetchAs(user, liveSegment)).statusCode).toBe(401);
    expect((await fetchAs(null, keyUrl(live))).statusCode).toBe(401);
  });

  it('serves nothing of the video unsigned: no playlist, captions, key, segment or poster, and no way out of the folder', async () => {
    const { user } = await owner();
    for (const url of [
      `/api/video/${videoId}/master.m3u8`,
      `/api/video/${videoId}/480p/index.m3u8`,
      `/api/video/${videoId}/key`,
      `/api/video/${videoId}/keys/0`,
      `/api/video/${videoId}/captions.vtt`,
      `/api/video/${videoId}/480p/segment-000.ts`,
      `/api/video/${videoId}/poster.jpg`,
      // A name out of the folder is never read: refused first as the unsigned link it is.
      `/api/video/..%2Fvideo-keys/480p/segment-000.ts`,
    ]) {
      const res = await fetchAs(user, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(messages.videoLinkInvalid);
    }
    for (const url of [
      `/api/video/${videoId}/480p/index.m3u8x`,
      `/api/video/${videoId}/..%2F..%2Fvideo-keys%2F${videoId}.key`,
      `/api/video/${videoId}/480p/..%2F..%2F..%2Fvideo-keys%2F${videoId}.key`,
    ]) {
      expect((await fetchAs(null, url)).statusCode, url).toBe(404);
    }
    const grant = await grantOf(user);
    for (const url of [`/api/video/${videoId}/480p/segment-999.ts`, `/api/video/${videoId}/keys/1`]) {
      expect((await fetchAs(user, `${url}${grant.signedQuery}`)).statusCode, url).toBe(404);
    }
  });

  it('lets a visitor play a free preview lesson, only while it stays a preview', async () => {
    const grant = await grantOf(null, previewLesson);
    expect(grant.watermark).toBe('');
    const { keyUri } = await followPlaylists(null, grant);
    expect((await fetchAs(null, keyUri)).statusCode).toBe(200);
    // The same video reached through its paid lesson is not free.
    expect((await fetchAs(null, keyUri.replace(`l=${previewLesson}`, `l=${paidLesson}`))).statusCode).toBe(403);
    await t.database.db.updateTable('course_lessons').set({ preview: 0 }).where('id', '=', previewLesson).execute();
    try {
      expect((await fetchAs(null, keyUri)).statusCode).toBe(403);
      expect((await playback(null, previewLesson)).statusCode).toBe(401);
    } finally {
      await t.database.db.updateTable('course_lessons').set({ preview: 1 }).where('id', '=', previewLesson).execute();
    }
  });
});

describe(`rotating keys, and what one learner may fetch (${engine})`, { timeout: 120_000 }, () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // 32 segments of 6 s with a new key every segment (the shop's own videos rotate every 100 segments,
  // 10 minutes): the same rules, 32 keys in a small clip.
  let rotatingVideo: string;
  let rotatingLesson: string;
  beforeAll(async () => {
    rotatingLesson = lessons.at(-1) ?? '';
    rotatingVideo = await makeReadyVideo(t.database.db, t.config.dataDir, rotatingLesson, {
      width: 160,
      height: 90,
      seconds: 192,
      rate: 1,
      segmentsPerKey: 1,
    });
  }, 120_000);

  it('names a key per group of segments in the served playlist, and one key opens only its own segments', async () => {
    const { user } = await owner();
    const grant = await grantOf(user, rotatingLesson);
    const { media } = await followPlaylists(user, grant, rotatingVideo);
    const keyUris = [...media.body.matchAll(/#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)"/g)].map((m) => m[1]);
    expect(keyUris).toHaveLength(32);
    keyUris.forEach((uri, i) => {
      expect(uri).toBe(keyUrl(grant, rotatingVideo, i));
    });
    const segments = media.body.split('\n').filter((line) => /^segment-\d+\.ts\?/.test(line));
    expect(segments).toHaveLength(32);
    const rung = /^(\w+)\//m.exec((await fetchAs(user, grant.manifestUrl)).body)?.[1];
    const fetchSegment = async (i: number) =>
      (await fetchAs(user, `/api/video/${rotatingVideo}/${rung}/${segments[i]}`)).rawPayload;
    const fetchKey = async (i: number) => (await fetchAs(user, keyUris[i] ?? '')).rawPayload;
    const decrypts = (segment: Buffer, key: Buffer, sequence: number) => {
      try {
        const decipher = createDecipheriv('aes-128-cbc', key, sequenceIv(sequence));
        const plain = Buffer.concat([decipher.update(segment), decipher.final()]);
        return [0, 188, 376].every((at) => plain[at] === 0x47);
      } catch {
        return false;
      }
    };
    const [key0, key1] = [await fetchKey(0), await fetchKey(1)];
    expect(key0).toHaveLength(16);
    expect(key0.equals(key1)).toBe(false);
    const [segment0, segment1] = [await fetchSegment(0), await fetchSegment(1)];
    expect(decrypts(segment0, key0, 0)).toBe(true);
    expect(decrypts(segment1, key1, 1)).toBe(true);
    // The key of the first 10 minutes does not open the next ones.
    expect(decrypts(segment1, key0, 1)).toBe(false);
  });

  it('records each key a learner fetches, and refuses more than 30 new keys in an hour (a key fetched again is free)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const { user } = await owner();
    const grant = await grantOf(user, rotatingLesson);
    for (let i = 0; i < 30; i++) {
      expect((await fetchAs(user, keyUrl(grant, rotatingVideo, i))).statusCode, `key ${i}`).toBe(200);
    }
    const refused = await fetchAs(user, keyUrl(grant, rotatingVideo, 30));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(messages.videoKeysTooMany);
    // A quality switch or a seek back asks for a key it had: still served.
    expect((await fetchAs(user, keyUrl(grant, rotatingVideo, 5))).statusCode).toBe(200);
    const recorded = await t.database.db
      .selectFrom('video_key_fetches')
      .select(['key_index', 'fetches'])
      .where('user_id', '=', user.id)
      .orderBy('key_index')
      .execute();
    expect(recorded.map((row) => row.key_index)).toEqual([...Array(30).keys()]);
    expect(recorded.find((row) => row.key_index === 5)?.fetches).toBe(2);
    // Another learner has a count of their own.
    const other = (await owner()).user;
    expect((await fetchAs(other, keyUrl(await grantOf(other, rotatingLesson), rotatingVideo, 30))).statusCode).toBe(
      200,
    );

    vi.setSystemTime(start + 61 * 60_000);
    const later = await grantOf(user, rotatingLesson);
    expect((await fetchAs(user, keyUrl(later, rotatingVideo, 30))).statusCode).toBe(200);
  });

  it('still plays a video transcoded before keys rotated: its one key at /key, its segments signed', async () => {
    const lessonId = lessons.at(-2) ?? '';
    const legacy = await makeReadyVideo(t.database.db, t.config.dataDir, lessonId, { width: 320, height: 180 });
    // Such a video's playlists name `/key` with an IV, as ffmpeg wrote them.
    const storage = createLocalVideoStorage(t.config.dataDir);
    const playlist = storage.locate(legacy, '180p/index.m3u8');
    fs.writeFileSync(
      playlist,
      fs
        .readFileSync(playlist, 'utf8')
        .replace(/URI="[^"]+"/, `URI="/api/video/${legacy}/key",IV=0x573d65c3ec1b0c1bdbfdc972a05015b4`),
    );
    const { user } = await owner();
    const grant = await grantOf(user, lessonId);
    const { keyUri, segmentUrl } = await followPlaylists(user, grant, legacy);
    expect(keyUri).toBe(`/api/video/${legacy}/key${grant.signedQuery}`);
    const key = await fetchAs(user, keyUri);
    expect(key.statusCode).toBe(200);
    expect(key.rawPayload).toEqual(await storage.readKey(legacy));
    expect((await fetchAs(user, segmentUrl)).statusCode).toBe(200);
  });
});

describe(`the device limit (${engine})`, () => {
  it('lets two devices play, tells the third, and ends the others when it takes over', async () => {
    const { user } = await owner();
    const second = await createSession(t.database.db, user.id);
    const third = await createSession(t.database.db, user.id);
    const first = await grantOf(user);
    await grantOf(second);
    const refused = await playback(third);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.videoDeviceLimit.replace('{count}', '2'));
    // A playing device goes on refreshing.
    await grantOf(user);

    const stop = await t.app.inject({
      method: 'POST',
      url: '/api/learn/playback/stop-other-devices',
      headers: { ...cookieOf(third), origin: origin() },
    });
    expect(stop.statusCode).toBe(200);
    expect(stop.json()).toEqual({ ok: true, stopped: 2 });
    await grantOf(third);

    const stoppedKey = await fetchAs(user, keyUrl(first));
    expect(stoppedKey.statusCode).toBe(403);
    expect(stoppedKey.json().message).toBe(messages.videoStoppedElsewhere);
    expect((await fetchAs(user, first.manifestUrl)).json().message).toBe(messages.videoStoppedElsewhere);
    // Nor does the stopped device go on fetching segments with the key it already holds.
    const segment = await fetchAs(user, `/api/video/${videoId}/480p/segment-000.ts${first.signedQuery}`);
    expect(segment.statusCode).toBe(403);
    expect(segment.json().message).toBe(messages.videoStoppedElsewhere);
    const refresh = await playback(second);
    expect(refresh.statusCode).toBe(409);
    expect(refresh.json().message).toBe(messages.videoStoppedElsewhere);
  });

  it('admits at most two of five devices that start at the same moment', async () => {
    const { user } = await owner();
    const devices = [user.token];
    for (let i = 0; i < 4; i++) devices.push(await createSession(t.database.db, user.id));
    const answers = await Promise.all(devices.map((token) => playback(token)));
    const admitted = answers.filter((res) => res.statusCode === 200).length;
    expect(answers.every((res) => res.statusCode === 200 || res.statusCode === 409)).toBe(true);
    expect(admitted).toBeLessThanOrEqual(2);
  });

  it('frees a device two minutes after its last request, and follows the console setting', async () => {
    const { user } = await owner();
    const second = await createSession(t.database.db, user.id);
    await grantOf(user);
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const put = (who: TestUser, body: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/video-settings',
        headers: { ...cookieOf(who), origin: origin() },
        payload: body,
      });
    expect((await put(user, { maxDevices: 1, maxSignInDevicesPerDay: 5 })).statusCode).toBe(403);
    const saved = await put(admin, { maxDevices: 1, maxSignInDevicesPerDay: 5 });
    expect(saved.statusCode).toBe(200);
    try {
      expect((await playback(second)).statusCode).toBe(409);
      await t.database.db
        .updateTable('video_streams')
        .set({ last_seen_at: new Date(Date.now() - 121_000).toISOString() })
        .where('user_id', '=', user.id)
        .execute();
      expect((await playback(second)).statusCode).toBe(200);
      expect((await playback(user)).statusCode).toBe(409);
    } finally {
      expect((await put(admin, { maxDevices: 2, maxSignInDevicesPerDay: 5 })).statusCode).toBe(200);
    }
    expect((await put(admin, { maxDevices: 0, maxSignInDevicesPerDay: 5 })).statusCode).toBe(400);
  });

  it('the Video settings are the console’s: a visitor gets 401 and a learner 403 on both calls before any field rule, the admin 200', async () => {
    const learner = await createSignedInUser(t.database.db);
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const call = (who: TestUser | null, method: 'GET' | 'PUT', payload?: object) =>
      t.app.inject({
        method,
        url: playbackPaths.adminSettings,
        headers: { ...cookieOf(who), origin: origin() },
        ...(payload ? { payload } : {}),
      });
    const invalid = { maxDevices: 'many', maxSignInDevicesPerDay: 0 };
    for (const payload of [undefined, invalid, {}]) {
      const method = payload ? 'PUT' : 'GET';
      const visitor = await call(null, method, payload);
      expect(visitor.statusCode, `${method} as visitor`).toBe(401);
      expect(visitor.json()).toEqual({ ok: false, message: messages.pleaseLogIn });
      const asLearner = await call(learner, method, payload);
      expect(asLearner.statusCode, `${method} as learner`).toBe(403);
      expect(asLearner.json()).toEqual({ ok: false, message: messages.adminOnly });
    }
    const read = await call(admin, 'GET');
    expect(read.statusCode).toBe(200);
    const { settings } = videoSettingsResponse.parse(read.json());
    const saved = await call(admin, 'PUT', settings);
    expect(saved.statusCode).toBe(200);
    expect(videoSettingsResponse.parse(saved.json()).settings).toEqual(settings);
    // Only the operator learns the field rules, in the console's own words (field name first).
    const refused = await call(admin, 'PUT', invalid);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^maxDevices /);
    expect(Object.keys(refused.json().fields ?? {})).toEqual(expect.arrayContaining(['maxDevices']));
  });

  it('audits each save of the Video settings (who, when, old and new), read through the console’s audit log', async () => {
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const save = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/admin/video-settings',
        headers: { ...cookieOf(admin), origin: origin() },
        payload: body,
      });
    const before = (await fetchAs(admin, '/api/admin/video-settings')).json().settings;
    const startedAt = new Date().toISOString();
    try {
      expect((await save({ maxDevices: 3, maxSignInDevicesPerDay: 8 })).statusCode).toBe(200);
      const audit = await fetchAs(admin, '/api/admin/audit');
      expect(audit.statusCode).toBe(200);
      const entries = (audit.json() as AdminAuditResponse).entries.filter(
        (entry) => entry.action === 'video_settings.saved',
      );
      expect(entries[0]).toMatchObject({ actorEmail: admin.email, entity: 'video_settings', entityId: 'shop' });
      expect(entries[0]?.createdAt >= startedAt).toBe(true);
      expect(JSON.parse(entries[0]?.before ?? '{}')).toEqual(before);
      expect(JSON.parse(entries[0]?.after ?? '{}')).toEqual({ maxDevices: 3, maxSignInDevicesPerDay: 8 });
    } finally {
      expect((await save(before)).statusCode).toBe(200);
    }
    // A refused save writes nothing.
    const count = async () =>
      (await t.database.db.selectFrom('audit_log').select('id').where('entity', '=', 'video_settings').execute())
        .length;
    const saves = await count();
    expect((await save({ maxDevices: 0, maxSignInDevicesPerDay: 5 })).statusCode).toBe(400);
    expect(await count()).toBe(saves);
  });

  it('flags a learner signed in on more devices in a day than allowed, once, in the audit log', async () => {
    const { user } = await owner();
    const flagged = async () =>
      t.database.db.selectFrom('audit_log').select(['action', 'after_json']).where('entity_id', '=', user.id).execute();
    // The purchase's session and four more: five devices, the default limit.
    for (let i = 0; i < 4; i++) await createSession(t.database.db, user.id);
    await grantOf(user);
    expect(await flagged()).toEqual([]);
    const sixth = await createSession(t.database.db, user.id);
    await grantOf(sixth);
    await grantOf(sixth);
    const rows = await flagged();
    expect(rows.map((row) => row.action)).toEqual(['video.many_devices']);
    expect(JSON.parse(rows[0]?.after_json ?? '{}')).toMatchObject({ devices: 6, limit: 5 });
  });

  it('shows the flag to the operator on the console’s list of learners and on the learner’s page', async () => {
    const flaggedUser = (await owner()).user;
    const quiet = (await owner()).user;
    for (let i = 0; i < 5; i++) await createSession(t.database.db, flaggedUser.id);
    await grantOf(flaggedUser);
    await grantOf(quiet);
    const admin = await createSignedInUser(t.database.db, { role: 'admin' });
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const listed = async (who: TestUser) => {
      const res = await fetchAs(admin, `/api/admin/learners?q=${encodeURIComponent(who.email)}`);
      expect(res.statusCode).toBe(200);
      return (res.json() as AdminLearnersResponse).learners.find((row) => row.id === who.id);
    };
    expect((await listed(flaggedUser))?.deviceFlag).toEqual({ day: today, devices: 6 });
    expect((await listed(quiet))?.deviceFlag).toBeNull();
    const page = await fetchAs(admin, `/api/admin/learners/${flaggedUser.id}`);
    expect((page.json() as AdminLearnerResponse).learner.deviceFlag).toEqual({ day: today, devices: 6 });
    // A flag older than a week no longer shows.
    await t.database.db
      .updateTable('video_device_flags')
      .set({ day: '2020-01-01' })
      .where('user_id', '=', flaggedUser.id)
      .execute();
    expect((await listed(flaggedUser))?.deviceFlag).toBeNull();
    // Learners see no console.
    expect((await fetchAs(flaggedUser, '/api/admin/learners')).statusCode).toBe(403);
  });
});
