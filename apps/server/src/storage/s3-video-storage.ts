import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pipeline } from 'node:stream/promises';
import { checkedKey, type ObjectStorage } from './object-storage.js';
import { removeUploadedFile, type VideoStorage } from './video-storage.js';

const VIDEO_ID = /^[A-Za-z0-9_-]{1,64}$/;

function checkedId(videoId: string): string {
  if (!VIDEO_ID.test(videoId)) throw new RangeError(`not a video id: ${JSON.stringify(videoId)}`);
  return videoId;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

const isPlaylist = (name: string) => name.endsWith('.m3u8');

const SEAL = 'aes-256-gcm';
/** A sealed key: 12 bytes of nonce, 16 of GCM tag, then the ciphertext. */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
/** How many bytes sealing adds to a key (what `storage:copy` compares to tell a key already copied). */
export const SEALED_KEY_OVERHEAD = NONCE_BYTES + TAG_BYTES;

/** The key encrypted and bound to its video (GCM's additional data), so a sealed key moved to another id fails. */
function seal(secret: Buffer, videoId: string, key: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(SEAL, secret, nonce).setAAD(Buffer.from(videoId));
  const body = Buffer.concat([cipher.update(key), cipher.final()]);
  return Buffer.concat([nonce, cipher.getAuthTag(), body]);
}

function unseal(secret: Buffer, videoId: string, sealed: Buffer): Buffer {
  if (sealed.length <= NONCE_BYTES + TAG_BYTES) throw new Error(`the key of video ${videoId} is not sealed`);
  const decipher = createDecipheriv(SEAL, secret, sealed.subarray(0, NONCE_BYTES)).setAAD(Buffer.from(videoId));
  decipher.setAuthTag(sealed.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]);
}

/**
 * The video pipeline's outputs in object storage, at the keys the local folder uses (`video/<id>/…`,
 * `video-keys/<id>.key`), so `storage:copy` moves a data folder's videos as they are. The bucket is
 * private; `locate` names an object's URL under `publicBase` (the bucket's address, or a CDN in front
 * of it that may read `video/` but never `video-keys/`). A key is never in the bucket as it is: it is
 * sealed (AES-256-GCM) under `keySecret`, derived from SHOP_SECRET, which only the shop's processes hold;
 * the bucket alone decrypts nothing.
 *
 * A bucket has no rename, so a replacement cannot be swapped in at once as the local folder's is:
 * segments and posters go first, playlists last (a player follows a playlist, so it never asks for a
 * segment not yet written), and only then are the old version's leftovers removed.
 */
export function createObjectVideoStorage(
  storage: ObjectStorage,
  publicBase: string,
  keySecret: Buffer,
  /** Where a worker fetches a source from the bucket for ffmpeg (DATA_DIR/video-work: a source may be 4 GB). */
  workDir: string,
): VideoStorage {
  if (keySecret.length !== 32) throw new RangeError('the video key secret must be 32 bytes');
  const prefixOf = (videoId: string) => `video/${checkedId(videoId)}/`;
  const keyOf = (videoId: string, name: string) => checkedKey(`${prefixOf(videoId)}${name}`);
  const secretKeyOf = (videoId: string) => `video-keys/${checkedId(videoId)}.key`;
  const base = publicBase.replace(/\/$/, '');

  return {
    async putDir(videoId, localDir) {
      const names = await filesUnder(localDir);
      const keys = new Set(names.map((name) => keyOf(videoId, name)));
      const before = await storage.list(prefixOf(videoId));
      const ordered = [...names.filter((n) => !isPlaylist(n)), ...names.filter(isPlaylist)];
      for (const name of ordered) await storage.putFile(keyOf(videoId, name), path.join(localDir, name));
      for (const key of before) if (!keys.has(key)) await storage.delete(key);
    },
    async putFile(videoId, name, localFile) {
      await storage.putFile(keyOf(videoId, name), localFile);
    },
    async putKey(videoId, key) {
      await storage.put(secretKeyOf(videoId), seal(keySecret, videoId, key), {
        contentType: 'application/octet-stream',
      });
    },
    async readKey(videoId) {
      const object = await storage.get(secretKeyOf(videoId));
      return object ? unseal(keySecret, videoId, await buffer(object.body)) : null;
    },
    async removeVideo(videoId) {
      for (const key of await storage.list(prefixOf(videoId))) await storage.delete(key);
      await storage.delete(secretKeyOf(videoId));
    },
    locate(videoId, name) {
      return `${base}/${keyOf(videoId, name)}`;
    },
    read(videoId, name) {
      return storage.get(keyOf(videoId, name));
    },
    presign(videoId, name, options) {
      return storage.presignedUrl(keyOf(videoId, name), options);
    },
    // Sources: the upload arrives on one process's disk (tus); it goes into the bucket before the job is
    // queued, so the worker that claims the job may run on any machine. A source recorded as an absolute
    // path (queued before the shop moved to the bucket) is still read from the disk it is on.
    async keepSource(videoId, uploadedFile) {
      const key = sourceKeyOf(videoId);
      await storage.putFile(key, uploadedFile, { contentType: 'application/octet-stream' });
      await removeUploadedFile(uploadedFile);
      return key;
    },
    async openSource(source) {
      if (path.isAbsolute(source)) return { file: source, release: async () => undefined };
      const object = await storage.get(checkedSourceKey(source));
      if (!object) throw new Error(`the source ${source} is not in the bucket`);
      await fs.mkdir(workDir, { recursive: true });
      const file = path.join(workDir, `${path.basename(source)}-${randomBytes(4).toString('hex')}`);
      const release = () => fs.rm(file, { force: true });
      await pipeline(object.body, createWriteStream(file)).catch(async (error) => {
        await release();
        throw error;
      });
      return { file, release };
    },
    async removeSource(source) {
      if (!source) return;
      if (path.isAbsolute(source)) await removeUploadedFile(source);
      else await storage.delete(checkedSourceKey(source));
    },
  };
}

const SOURCES = 'video-sources/';
const sourceKeyOf = (videoId: string) => `${SOURCES}${checkedId(videoId)}`;

/** A source key names an object under `video-sources/` and nothing else (a row never deletes a video's outputs). */
function checkedSourceKey(source: string): string {
  if (!source.startsWith(SOURCES)) throw new RangeError(`not a video source: ${JSON.stringify(source)}`);
  return checkedKey(source);
}
