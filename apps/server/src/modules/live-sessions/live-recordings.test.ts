import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AdminRecordingResponse,
  adminLiveSessionResponse,
  adminRecordingResponse,
  liveRecordingsResponse,
  liveSessionPaths,
  messages,
  type PlaybackResponse,
  pathWith,
  playbackResponse,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../../test/helpers.js';
import { demoCourseIds, useMembershipShop } from '../../../test/membership-kit.js';
import { makeClip, requireFfmpeg } from '../../../test/test-clips.js';
import { startVideoWork } from '../video/index.js';
import { MASTER_PLAYLIST } from '../video/transcode-to-hls.js';

// Recordings of live sessions (issue 35) as the console, a learner's browser and a stranger meet them: the
// operator uploads a past session's recording through the lessons' own tus upload and transcode; the
// session's audience lists and plays it (the same signed playlists and keys, watermark and device limit)
// from its release date on a set clock; others, visitors and the early are refused; removing it ends it.

requireFfmpeg();

const { t, post, origin, get, setClock, newPlan, learner, admin, member, deliverAll } = useMembershipShop({
  title: 'Recorded Club',
});
const [c1, c2] = demoCourseIds;
const MINUTE = 60_000;
/** Monday 12 January 2026, 19:00 India time (13:30 UTC): two days after the tests' clock starts. */
const MONDAY_7PM = '2026-01-12T19:00';
const MONDAY_7PM_UTC = Date.UTC(2026, 0, 12, 13, 30);
const AFTER_THE_SESSION = MONDAY_7PM_UTC + 2 * 60 * MINUTE;

let clips: string;
let clip: Buffer;
beforeAll(async () => {
  // The transcodes run here, as in a process whose SHOP_ROLE is both (run-jobs.ts).
  await startVideoWork(t.app);
  clips = fs.mkdtempSync(path.join(os.tmpdir(), 'live-recording-'));
  clip = fs.readFileSync(makeClip(clips, 'recording.mp4', { width: 160, height: 90, seconds: 2 }));
}, 60_000);
afterAll(() => fs.rmSync(clips, { recursive: true, force: true }));

const tus = { 'tus-resumable': '1.0.0' };
const as = (user: TestUser | null) => ({ origin: origin(), ...(user ? { cookie: user.cookie } : {}) });

async function scheduled(audience: object, by: TestUser) {
  const res = await post('/api/admin/live-sessions', by, {
    title: 'Nifty open: live price action',
    description: 'We read the first hour together.',
    startsAt: MONDAY_7PM,
    durationMinutes: 60,
    audience,
  });
  expect(res.statusCode, res.body).toBe(201);
  return adminLiveSessionResponse.parse(res.json()).session;
}

async function learnerOf(courseId: string, by: TestUser) {
  const user = await learner();
  const granted = await post(`/api/admin/learners/${user.id}/grant`, by, { courseId });
  expect(granted.statusCode, granted.body).toBe(200);
  return user;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** tus creation of a recording's upload, as the console's tus client sends it. */
const createUpload = (id: string, length: number, user: TestUser | null) =>
  t.app.inject({
    method: 'POST',
    url: pathWith(liveSessionPaths.adminRecordingUploads, { id }),
    headers: {
      ...as(user),
      ...tus,
      'upload-length': String(length),
      // A client naming a lesson as the owner is not heard: the URL's session owns the upload.
      'upload-metadata': `filename ${b64('market open.mp4')},lessonId ${b64('0123456789abcdef01234567')}`,
    },
  });

const patch = (location: string, offset: number, chunk: Buffer, user: TestUser) =>
  t.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...as(user),
      ...tus,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: chunk,
  });

const readRecording = async (id: string, by: TestUser) => {
  const res = await get(pathWith(liveSessionPaths.adminRecording, { id }), by);
  expect(res.statusCode, res.body).toBe(200);
  return adminRecordingResponse.parse(res.json());
};

async function waitForReady(id: string, by: TestUser): Promise<AdminRecordingResponse> {
  // Date is faked (the clock stands still): the wait counts its own rounds.
  for (let round = 0; round < 600; round += 1) {
    const state = await readRecording(id, by);
    if (state.current && !state.job) return state;
    if (state.job?.status === 'failed') throw new Error(`the transcode failed: ${state.job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error('the recording was not ready in time');
}

/** The operator uploads the clip in two PATCHes (resumed after a HEAD) and waits for its transcode. */
async function uploaded(id: string, by: TestUser) {
  const created = await createUpload(id, clip.length, by);
  expect(created.statusCode, created.body).toBe(201);
  const location = created.headers.location as string;
  expect(location).toMatch(new RegExp(`^/api/admin/live-sessions/${id}/recording/uploads/[0-9a-f]{32}$`));
  const half = Math.floor(clip.length / 2);
  expect((await patch(location, 0, clip.subarray(0, half), by)).statusCode).toBe(204);
  const head = await t.app.inject({ method: 'HEAD', url: location, headers: { ...as(by), ...tus } });
  expect(head.headers['upload-offset']).toBe(String(half));
  const last = await patch(location, half, clip.subarray(half), by);
  expect(last.statusCode, last.body).toBe(204);
  return waitForReady(id, by);
}

const recordingsOf = async (user: TestUser, query = '') => {
  const res = await get(`/api/live-sessions/recordings${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return liveRecordingsResponse.parse(res.json()).recordings;
};
const playbackUrl = (id: string) => `/api/live-sessions/${id}/recording/playback`;
const fetchAs = (user: TestUser | null, url: string) =>
  t.app.inject({ url, headers: user ? { cookie: user.cookie } : {} });

/** The signed URIs a player follows: the master, its first media playlist, and that playlist's first key. */
async function followPlaylists(user: TestUser, grant: PlaybackResponse, videoId: string) {
  const master = await fetchAs(user, grant.manifestUrl);
  expect(master.statusCode, master.body).toBe(200);
  const mediaLine = master.body.split('\n').find((line) => line.endsWith(grant.signedQuery)) ?? '';
  const media = await fetchAs(user, `/api/video/${videoId}/${mediaLine}`);
  expect(media.statusCode, media.body).toBe(200);
  const keyUri = /#EXT-X-KEY:.*URI="([^"]+)"/.exec(media.body)?.[1] ?? '';
  expect(keyUri).toContain(`/api/video/${videoId}/keys/0?`);
  return { mediaUrl: `/api/video/${videoId}/${mediaLine}`, keyUri };
}

describe('the console attaches a recording to a past session', () => {
  it('refuses a session not started yet (409), a cancelled one (409), an unknown one (404), and a learner (403)', async () => {
    const operator = await admin();
    const future = await scheduled({ courseId: c1 }, operator);
    const refused = await createUpload(future.id, clip.length, operator);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(messages.liveRecordingNotStarted);
    const release = await t.app.inject({
      method: 'PUT',
      url: pathWith(liveSessionPaths.adminRecording, { id: future.id }),
      headers: as(operator),
      payload: { releaseAt: null },
    });
    expect(release.statusCode).toBe(409);

    const cancelled = await scheduled({ courseId: c1 }, operator);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/admin/live-sessions/${cancelled.id}`,
      headers: as(operator),
    });
    expect(cancel.statusCode).toBe(200);
    setClock(AFTER_THE_SESSION);
    const onCancelled = await createUpload(cancelled.id, clip.length, operator);
    expect(onCancelled.statusCode).toBe(409);
    expect(onCancelled.json().message).toBe(messages.liveRecordingCancelled);

    expect((await createUpload('0123456789abcdef01234567', clip.length, operator)).statusCode).toBe(404);
    const someone = await learner();
    expect((await createUpload(future.id, clip.length, someone)).statusCode).toBe(403);
    expect((await createUpload(future.id, clip.length, null)).statusCode).toBe(401);
    // Nothing was made of any of it.
    const rows = await t.database.db
      .selectFrom('lesson_videos')
      .select('id')
      .where('live_session_id', 'in', [future.id, cancelled.id])
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("a past session's recording, for its audience from its release date", () => {
  it('uploaded and transcoded like a lesson video; the audience lists and plays it, others are refused; removed, it is gone', async () => {
    const operator = await admin();
    const session = await scheduled({ courseId: c1 }, operator);
    const buyer = await learnerOf(c1, operator);
    const otherBuyer = await learnerOf(c2, operator);
    setClock(AFTER_THE_SESSION);

    const ready = await uploaded(session.id, operator);
    const videoId = ready.current?.id ?? '';
    expect(ready).toMatchObject({ releaseAt: null, current: { status: 'ready', sourceName: 'market open.mp4' } });
    expect(ready.current?.rungs.length).toBeGreaterThan(0);
    // The same encrypted HLS ladder as a lesson's: the master playlist and the key stored apart.
    expect(fs.existsSync(path.join(t.config.dataDir, 'video', videoId, MASTER_PLAYLIST))).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'video-keys', `${videoId}.key`))).toBe(true);

    // The audience lists it, in India time; a learner of another course and a visitor do not.
    const listed = await recordingsOf(buyer);
    expect(listed).toEqual([
      expect.objectContaining({
        sessionId: session.id,
        title: 'Nifty open: live price action',
        startsAt: '2026-01-12T19:00:00+05:30',
        courseId: c1,
        planId: null,
      }),
    ]);
    expect(await recordingsOf(buyer, `?courseId=${c1}`)).toHaveLength(1);
    expect(await recordingsOf(buyer, `?courseId=${c2}`)).toEqual([]);
    expect(await recordingsOf(otherBuyer)).toEqual([]);
    expect((await t.app.inject({ url: '/api/live-sessions/recordings' })).statusCode).toBe(401);

    // The buyer plays it through the signed playlist and key, watermarked with their e-mail.
    const granted = await fetchAs(buyer, playbackUrl(session.id));
    expect(granted.statusCode, granted.body).toBe(200);
    const grant = playbackResponse.parse(granted.json());
    expect(grant.watermark).toContain(buyer.email);
    const { mediaUrl, keyUri } = await followPlaylists(buyer, grant, videoId);
    const key = await fetchAs(buyer, keyUri);
    expect(key.statusCode).toBe(200);
    expect(key.rawPayload.length).toBe(16);

    // The other course's learner: refused the grant, and the buyer's signed links in their own browser.
    expect((await fetchAs(otherBuyer, playbackUrl(session.id))).statusCode).toBe(403);
    for (const url of [grant.manifestUrl, mediaUrl, keyUri]) {
      expect((await fetchAs(otherBuyer, url)).statusCode).toBe(403);
      expect((await fetchAs(null, url)).statusCode).toBe(401);
    }
    expect((await fetchAs(null, playbackUrl(session.id))).statusCode).toBe(401);

    // A release date later: it leaves the list, the grant says when, and even the links already signed stop.
    const releaseAt = '2026-01-20T18:00';
    const set = await t.app.inject({
      method: 'PUT',
      url: pathWith(liveSessionPaths.adminRecording, { id: session.id }),
      headers: as(operator),
      payload: { releaseAt },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(adminRecordingResponse.parse(set.json()).releaseAt).toBe('2026-01-20T18:00:00+05:30');
    expect(await recordingsOf(buyer)).toEqual([]);
    const early = await fetchAs(buyer, playbackUrl(session.id));
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({
      message: messages.liveRecordingNotYet.replace('{date}', '2026-01-20 18:00'),
      availableAt: '2026-01-20T18:00:00+05:30',
    });
    expect((await fetchAs(buyer, keyUri)).statusCode).toBe(403);
    expect((await fetchAs(buyer, grant.manifestUrl)).statusCode).toBe(403);

    // At the release date it is back.
    setClock(Date.UTC(2026, 0, 20, 12, 30));
    expect((await recordingsOf(buyer)).map((recording) => recording.releasedAt)).toEqual(['2026-01-20T18:00:00+05:30']);
    const reopened = await fetchAs(buyer, playbackUrl(session.id));
    expect(reopened.statusCode, reopened.body).toBe(200);

    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('entity_id', '=', session.id)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['video.upload_accepted', 'live-session.recording_release']),
    );

    // Removed: no list, no grant, no key; its rows and files are gone; a second removal is 404.
    const removed = await t.app.inject({
      method: 'DELETE',
      url: pathWith(liveSessionPaths.adminRecording, { id: session.id }),
      headers: as(operator),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await recordingsOf(buyer)).toEqual([]);
    expect((await fetchAs(buyer, playbackUrl(session.id))).statusCode).toBe(404);
    const fresh = playbackResponse.parse(reopened.json());
    expect((await fetchAs(buyer, fresh.manifestUrl)).statusCode).toBe(404);
    expect(fs.existsSync(path.join(t.config.dataDir, 'video', videoId))).toBe(false);
    expect(
      await t.database.db.selectFrom('lesson_videos').select('id').where('live_session_id', '=', session.id).execute(),
    ).toEqual([]);
    expect((await readRecording(session.id, operator)).releaseAt).toBeNull();
    const again = await t.app.inject({
      method: 'DELETE',
      url: pathWith(liveSessionPaths.adminRecording, { id: session.id }),
      headers: as(operator),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(messages.liveRecordingNotFound);
  }, 120_000);

  it("a plan's session: its members list and play the recording; a learner outside the plan does not", async () => {
    const operator = await admin();
    const plan = await newPlan({ courseIds: [c2] });
    const session = await scheduled({ planId: plan.id }, operator);
    const subscriber = await learner();
    await deliverAll((await member(subscriber, plan.id)).webhooks);
    const outsider = await learnerOf(c1, operator);
    setClock(AFTER_THE_SESSION);
    await uploaded(session.id, operator);

    expect((await recordingsOf(subscriber, `?planId=${plan.id}`)).map((r) => r.sessionId)).toEqual([session.id]);
    expect((await fetchAs(subscriber, playbackUrl(session.id))).statusCode).toBe(200);
    expect((await recordingsOf(outsider)).map((r) => r.sessionId)).not.toContain(session.id);
    const refused = await fetchAs(outsider, playbackUrl(session.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(messages.liveSessionNotForYou);
  }, 120_000);
});
