import { text as readText } from 'node:stream/consumers';
import { messages } from '@shop/shared';
import { hitLimit } from '../../auth/rate-limit.js';
import type { SessionUser } from '../../auth/session.js';
import { AppError } from '../../errors.js';
import type { VideoObject, VideoStorage } from '../../storage/video-storage.js';
import { MASTER_PLAYLIST } from '../video/transcode-to-hls.js';
import { authorizeVideoRequest, type VideoRequestContext } from './authorize-video-request.js';
import { findKeyFetch, recordKeyFetch } from './repo.js';
import { rewritePlaylist } from './rewrite-playlist.js';
import type { SignedQuery } from './video-links.js';

export interface VideoFilesContext extends VideoRequestContext {
  storage: VideoStorage;
}

/**
 * A video's published objects never change under one id (a new upload is a new id): each playlist is
 * read once and kept cut where the learner's signed query goes, so serving it is one join.
 */
const playlists = new Map<string, string[]>();
const MAX_KEPT_PLAYLISTS = 2_000;

/**
 * One of the video's objects (from the folder or the bucket), or 404 for a bad name (the storage's
 * RangeError) or a missing object. Any other failure (the bucket unreachable) stays an error: a
 * learner is not told a video has no stream because the store did not answer.
 */
async function readObject(storage: VideoStorage, videoId: string, name: string): Promise<VideoObject> {
  let object: VideoObject | null;
  try {
    object = await storage.read(videoId, name);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    object = null;
  }
  if (!object) throw new AppError('not_found', messages.videoNoStream);
  return object;
}

async function readPlaylist(storage: VideoStorage, videoId: string, rung: string | null): Promise<string[]> {
  const name = rung === null ? MASTER_PLAYLIST : `${rung}/index.m3u8`;
  const where = `${videoId}/${name}`;
  const kept = playlists.get(where);
  if (kept !== undefined) return kept;
  const text = await readText((await readObject(storage, videoId, name)).body);
  const parts = rewritePlaylist(text, videoId, QUERY_MARK).split(QUERY_MARK);
  if (playlists.size >= MAX_KEPT_PLAYLISTS) playlists.clear();
  playlists.set(where, parts);
  return parts;
}

// Stands where each learner's query goes in a kept playlist; never in a playlist ffmpeg writes.
const QUERY_MARK = '\u0000';

const queryString = (query: SignedQuery) =>
  `?c=${encodeURIComponent(query.c)}&l=${encodeURIComponent(query.l)}&u=${encodeURIComponent(query.u)}&e=${query.e}&s=${query.s}`;

/** The master playlist (`rung` null) or a rung's media playlist, rewritten with this learner's signed URIs. */
export async function readSignedPlaylist(
  ctx: VideoFilesContext,
  user: SessionUser | null,
  videoId: string,
  rung: string | null,
  query: SignedQuery,
): Promise<string> {
  await authorizeVideoRequest(ctx, user, videoId, query);
  return (await readPlaylist(ctx.storage, videoId, rung)).join(queryString(query));
}

/**
 * Keys, like playlists, never change under a video's id: each video's keys are read from storage once.
 * A key is handed out only after `authorizeVideoRequest`, which refuses a video no lesson plays any more.
 */
const keys = new Map<string, Buffer>();
const MAX_KEPT_KEYS = 2_000;
const KEY_BYTES = 16;

/**
 * How many keys a learner may newly open in an hour (decision 0028): a key fetched again within the
 * hour (a quality switch, a renewed link, a seek back) is free; each key covers 10 minutes of video,
 * so this is 5 hours of video an hour, far more than anyone watches and far less than a downloader of
 * whole courses wants.
 */
export const NEW_KEYS_PER_HOUR = 30;
const KEY_WINDOW_MS = 3600 * 1000;

/**
 * Key number `keyIndex` of the video (16 bytes of AES-128), for an authorized request only. A learner's
 * fetch is recorded (video_key_fetches) and each key not fetched in the last hour counts against
 * NEW_KEYS_PER_HOUR (429 beyond it). A free preview's visitor has no account to count against.
 */
export async function readVideoKey(
  ctx: VideoFilesContext,
  user: SessionUser | null,
  videoId: string,
  keyIndex: number,
  query: SignedQuery,
  now = new Date(),
): Promise<Buffer> {
  await authorizeVideoRequest(ctx, user, videoId, query, now);
  let all = keys.get(videoId);
  if (!all) {
    all = (await ctx.storage.readKey(videoId)) ?? undefined;
    if (!all) throw new AppError('not_found', messages.videoNoStream);
    if (keys.size >= MAX_KEPT_KEYS) keys.clear();
    keys.set(videoId, all);
  }
  const key = all.subarray(keyIndex * KEY_BYTES, (keyIndex + 1) * KEY_BYTES);
  if (key.length !== KEY_BYTES) throw new AppError('not_found', messages.videoNoStream);
  if (user && query.u !== '') {
    const earlier = await findKeyFetch(ctx.db, user.id, videoId, keyIndex);
    const isNew = !earlier || Date.parse(earlier.last_fetched_at) <= now.getTime() - KEY_WINDOW_MS;
    if (isNew) {
      const limit = await hitLimit(
        ctx.db,
        `video-keys:${user.id}`,
        { max: NEW_KEYS_PER_HOUR, windowMs: KEY_WINDOW_MS },
        now,
      );
      if (!limit.allowed) throw new AppError('too_many_requests', messages.videoKeysTooMany);
    }
    await recordKeyFetch(ctx.db, user.id, videoId, keyIndex, now.toISOString());
  }
  return key;
}

/** The captions are the lesson's text: signed like the playlists. */
export async function readCaptions(
  ctx: VideoFilesContext,
  user: SessionUser | null,
  videoId: string,
  query: SignedQuery,
): Promise<string> {
  await authorizeVideoRequest(ctx, user, videoId, query);
  return readText((await readObject(ctx.storage, videoId, 'captions.vtt')).body);
}

/** How long a presigned segment or poster URL works: the player fetches it at once. */
const PRESIGNED_SECONDS = 60;

/**
 * A segment (ciphertext) or the poster, on a signed URL checked like the playlists' (decision 0028:
 * after a refund, a sign-out or a device taken over, nothing of the video answers): a presigned URL of
 * the bucket to send the player on to (DOWNLOADS=presigned on S3, so the bytes need not pass through
 * the shop), else its bytes to stream; 404 otherwise. Names are checked by the storage (no `..`); only
 * `.ts` segments and the poster are served this way.
 */
export async function openVideoObject(
  ctx: VideoFilesContext,
  user: SessionUser | null,
  videoId: string,
  name: string,
  query: SignedQuery,
  { presigned, contentType }: { presigned: boolean; contentType: string },
): Promise<{ url: string } | VideoObject> {
  if (!/^([\w-]+\/[\w-]+\.ts|poster\.jpg)$/.test(name)) throw new AppError('not_found', messages.videoNoStream);
  await authorizeVideoRequest(ctx, user, videoId, query);
  const { storage } = ctx;
  const url = presigned
    ? await storage.presign(videoId, name, { expiresInSeconds: PRESIGNED_SECONDS, contentType }).catch(() => null)
    : null;
  return url ? { url } : readObject(storage, videoId, name);
}
