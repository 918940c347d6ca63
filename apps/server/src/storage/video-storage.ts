import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where a video's outputs live. The playlists, segments and poster are public objects (segments are
 * ciphertext and may be cached anywhere); the key is kept apart from them and is only ever read by the
 * server, which hands it to a learner it has authorized. This local implementation keeps both under
 * DATA_DIR; `storage/s3-video-storage.ts` keeps them in the bucket (S3_BUCKET), `createVideoStorage` picks.
 */
export interface VideoStorage {
  /** Publishes a finished output folder as the video's objects, replacing any it had, all at once. */
  putDir(videoId: string, localDir: string): Promise<void>;
  /** Adds or replaces one object (e.g. a caption file) of an already published video. */
  putFile(videoId: string, name: string, localFile: string): Promise<void>;
  putKey(videoId: string, key: Buffer): Promise<void>;
  /** The video's key, or null when it has none (never transcoded, or removed). */
  readKey(videoId: string): Promise<Buffer | null>;
  /** Deletes the video's objects and its key; removing an unknown video is not an error. */
  removeVideo(videoId: string): Promise<void>;
  /** Where an object is: a file path here, a URL for object storage. */
  locate(videoId: string, name: string): string;
  /** An object's bytes and size, or null when the video has no such object. */
  read(videoId: string, name: string): Promise<VideoObject | null>;
  /** A URL a browser may fetch the object from for a few seconds, or null (the local folder: the shop streams it). */
  presign(
    videoId: string,
    name: string,
    options: { expiresInSeconds: number; contentType: string },
  ): Promise<string | null>;
  /**
   * Keeps a fully arrived upload until its transcode and answers what the video's row records as its
   * source: the local folder leaves the file where it is (its path); object storage moves it into the
   * bucket (`video-sources/<videoId>`), so a worker on any machine finds it.
   */
  keepSource(videoId: string, uploadedFile: string): Promise<string>;
  /** A source as a local file for ffmpeg: the file itself, or a copy fetched from the bucket that `release` deletes. */
  openSource(source: string): Promise<OpenedSource>;
  /** Deletes a source (and a local upload's info file beside it); one already gone is not an error. */
  removeSource(source: string | null): Promise<void>;
}

export interface OpenedSource {
  file: string;
  release(): Promise<void>;
}

/** Deletes an uploaded file and the tus file store's info file beside it (`<id>.json`). */
export async function removeUploadedFile(file: string): Promise<void> {
  await fs.rm(file, { force: true });
  await fs.rm(`${file}.json`, { force: true });
}

export interface VideoObject {
  body: Readable;
  size: number;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{1,64}$/;
// An object name is a relative path of plain segments ("720p/index.m3u8"), never `..` or absolute.
const OBJECT_NAME = /^(?!.*(^|\/)\.\.?(\/|$))[\w.-]+(\/[\w.-]+)*$/;

function checkedId(videoId: string): string {
  if (!VIDEO_ID.test(videoId)) throw new RangeError(`not a video id: ${JSON.stringify(videoId)}`);
  return videoId;
}

function checkedName(name: string): string {
  if (!OBJECT_NAME.test(name)) throw new RangeError(`not an object name: ${JSON.stringify(name)}`);
  return name;
}

/** Outputs under `<dataDir>/video/<videoId>/`, keys under `<dataDir>/video-keys/<videoId>.key` (mode 600). */
export function createLocalVideoStorage(dataDir: string): VideoStorage {
  const outputs = path.join(dataDir, 'video');
  const keys = path.join(dataDir, 'video-keys');
  const folderOf = (videoId: string) => path.join(outputs, checkedId(videoId));
  const keyFileOf = (videoId: string) => path.join(keys, `${checkedId(videoId)}.key`);

  return {
    async putDir(videoId, localDir) {
      const folder = folderOf(videoId);
      const incoming = `${folder}.incoming-${randomBytes(4).toString('hex')}`;
      const outgoing = `${folder}.outgoing-${randomBytes(4).toString('hex')}`;
      await fs.mkdir(outputs, { recursive: true });
      // Copied beside the live folder first, then swapped in by renames: a reader never sees half of it.
      await fs.cp(localDir, incoming, { recursive: true });
      const replacing = await fs.rename(folder, outgoing).then(
        () => true,
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return false;
          throw error;
        },
      );
      await fs.rename(incoming, folder);
      if (replacing) await fs.rm(outgoing, { recursive: true, force: true });
    },
    async putFile(videoId, name, localFile) {
      const target = path.join(folderOf(videoId), checkedName(name));
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.copyFile(localFile, target);
    },
    async putKey(videoId, key) {
      await fs.mkdir(keys, { recursive: true, mode: 0o700 });
      await fs.writeFile(keyFileOf(videoId), key, { mode: 0o600 });
    },
    async readKey(videoId) {
      return fs.readFile(keyFileOf(videoId)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async removeVideo(videoId) {
      await fs.rm(folderOf(videoId), { recursive: true, force: true });
      await fs.rm(keyFileOf(videoId), { force: true });
    },
    locate(videoId, name) {
      return path.join(folderOf(videoId), checkedName(name));
    },
    async read(videoId, name) {
      const file = path.join(folderOf(videoId), checkedName(name));
      const stat = await fs.stat(file).catch(() => null);
      return stat?.isFile() ? { body: createReadStream(file), size: stat.size } : null;
    },
    presign: async () => null,
    keepSource: async (_videoId, uploadedFile) => uploadedFile,
    openSource: async (source) => ({ file: source, release: async () => undefined }),
    removeSource: async (source) => {
      if (source) await removeUploadedFile(source);
    },
  };
}
