import { text as readText } from 'node:stream/consumers';
import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import { AppError } from '../../errors.js';
import type { VideoObject, VideoStorage } from '../../storage/video-storage.js';
import { MASTER_PLAYLIST } from '../video/transcode-to-hls.js';
import { authorizeVideoRequest, type VideoRequestContext } from './authorize-video-request.js';
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
  const parts = rewritePlaylist(text, videoId, QUERY_MARK, rung === null ? 'master' : 'media').split(QUERY_MARK);
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
 * Keys, like playlists, never change under a video's id: each is read from storage once. A key is
 * handed out only after `authorizeVideoRequest`, which refuses a video no lesson plays any more.
 */
const keys = new Map<string, Buffer>();
const MAX_KEPT_KEYS = 2_000;

/** The video's 16-byte AES-128 key, for an authorized request only. */
export async function readVideoKey(
  ctx: VideoFilesContext,
  user: SessionUser | null,
  videoId: string,
  query: SignedQuery,
): Promise<Buffer> {
  await authorizeVideoRequest(ctx, user, videoId, query);
  const kept = keys.get(videoId);
  if (kept) return kept;
  const key = await ctx.storage.readKey(videoId);
  if (!key) throw new AppError('not_found', messages.videoNoStream);
  if (keys.size >= MAX_KEPT_KEYS) keys.clear();
  keys.set(videoId, key);
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
 * A public object (a ciphertext segment or the poster): a presigned URL of the bucket to send the player
 * on to (DOWNLOADS=presigned on S3, so the bytes need not pass through the shop), else its bytes to
 * stream; 404 otherwise. Names are checked by the storage (no `..`); only `.ts` segments and the poster
 * are public.
 */
export async function openPublicObject(
  storage: VideoStorage,
  videoId: string,
  name: string,
  { presigned, contentType }: { presigned: boolean; contentType: string },
): Promise<{ url: string } | VideoObject> {
  if (!/^([\w-]+\/[\w-]+\.ts|poster\.jpg)$/.test(name)) throw new AppError('not_found', messages.videoNoStream);
  const url = presigned
    ? await storage.presign(videoId, name, { expiresInSeconds: PRESIGNED_SECONDS, contentType }).catch(() => null)
    : null;
  return url ? { url } : readObject(storage, videoId, name);
}
