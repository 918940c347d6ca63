import fs from 'node:fs';
import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import { AppError } from '../../errors.js';
import { MASTER_PLAYLIST } from '../video/transcode-to-hls.js';
import type { VideoStorage } from '../video/video-storage.js';
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

async function readPlaylist(storage: VideoStorage, videoId: string, rung: string | null): Promise<string[]> {
  const name = rung === null ? MASTER_PLAYLIST : `${rung}/index.m3u8`;
  let where: string;
  try {
    where = storage.locate(videoId, name);
  } catch {
    throw new AppError('not_found', messages.videoNoStream);
  }
  const kept = playlists.get(where);
  if (kept !== undefined) return kept;
  const text = await fs.promises.readFile(where, 'utf8').catch(() => {
    throw new AppError('not_found', messages.videoNoStream);
  });
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

/** The video's 16-byte AES-128 key, for an authorized request only. */
export async function readVideoKey(
  ctx: VideoFilesContext,
  user: SessionUser | null,
  videoId: string,
  query: SignedQuery,
): Promise<Buffer> {
  await authorizeVideoRequest(ctx, user, videoId, query);
  const key = await ctx.storage.readKey(videoId);
  if (!key) throw new AppError('not_found', messages.videoNoStream);
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
  return fs.promises.readFile(ctx.storage.locate(videoId, 'captions.vtt'), 'utf8').catch(() => {
    throw new AppError('not_found', messages.videoNoStream);
  });
}

/**
 * A public object (a ciphertext segment or the poster) as a file to stream, or 404: names are checked
 * by the storage (no `..`), and only `.ts` segments and the poster are public.
 */
export async function locatePublicObject(storage: VideoStorage, videoId: string, name: string) {
  if (!/^([\w-]+\/[\w-]+\.ts|poster\.jpg)$/.test(name)) throw new AppError('not_found', messages.videoNoStream);
  let where: string;
  try {
    where = storage.locate(videoId, name);
  } catch {
    throw new AppError('not_found', messages.videoNoStream);
  }
  const stat = await fs.promises.stat(where).catch(() => null);
  if (!stat?.isFile()) throw new AppError('not_found', messages.videoNoStream);
  return { path: where, size: stat.size };
}
