import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputFolder as writeOutputFolder } from '../../test/output-folder.js';
import { startTestS3, type TestS3 } from '../../test/test-s3.js';
import type { ObjectStorage } from './object-storage.js';
import { createS3Storage } from './s3-storage.js';
import { createObjectVideoStorage } from './s3-video-storage.js';
import type { VideoStorage } from './video-storage.js';

let s3: TestS3;
let dir: string;
let objects: ObjectStorage;
let videos: VideoStorage;
beforeAll(async () => {
  s3 = await startTestS3();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-s3-'));
  objects = createS3Storage(s3.settings);
  videos = createObjectVideoStorage(
    objects,
    `${s3.settings.endpoint}/${s3.settings.bucket}`,
    Buffer.alloc(32, 3),
    path.join(dir, 'work'),
  );
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const outputFolder = (files: Record<string, string>) => writeOutputFolder(dir, files);

describe('VideoStorage on S3', () => {
  it('replaces a published video: the new objects are there and nothing of the old version is left', async () => {
    await videos.putDir('v1', outputFolder({ 'master.m3u8': 'old', '720p/index.m3u8': 'old rung', '720p/s0.ts': 'x' }));
    await videos.putDir('v1', outputFolder({ 'master.m3u8': 'new', '240p/index.m3u8': 'new rung' }));
    expect(await objects.list('video/v1/')).toEqual(['video/v1/240p/index.m3u8', 'video/v1/master.m3u8']);
    const master = await fetch(videos.locate('v1', 'master.m3u8'));
    expect(await master.text()).toBe('new');
  });

  it('adds one object to a published video', async () => {
    const folder = outputFolder({ 'captions.vtt': 'WEBVTT' });
    await videos.putFile('v1', 'captions.vtt', path.join(folder, 'captions.vtt'));
    expect(await objects.exists('video/v1/captions.vtt')).toBe(true);
  });

  it('keeps the key apart from the published objects, sealed, and reads it back', async () => {
    await videos.putKey('v1', Buffer.alloc(16, 7));
    expect(await videos.readKey('v1')).toEqual(Buffer.alloc(16, 7));
    // The bucket alone gives nothing: the object is the key sealed under the shop's secret.
    const stored = await objects.get('video-keys/v1.key');
    const bytes = Buffer.concat(await (stored?.body.toArray() ?? []));
    expect(bytes.includes(Buffer.alloc(16, 7))).toBe(false);
    const otherSecret = createObjectVideoStorage(objects, 'http://unused', Buffer.alloc(32, 4), dir);
    await expect(otherSecret.readKey('v1')).rejects.toThrow();
    expect(await objects.list('video/')).not.toContain('video-keys/v1.key');
    expect(await videos.readKey('v2')).toBeNull();
  });

  it('removes a video and its key; removing an unknown one is no error', async () => {
    await videos.removeVideo('v1');
    expect(await objects.list('video/v1/')).toEqual([]);
    expect(await videos.readKey('v1')).toBeNull();
    await expect(videos.removeVideo('never')).resolves.toBeUndefined();
  });

  it("keeps an upload's source in the bucket until its transcode: any process fetches it, then it is deleted", async () => {
    const uploads = path.join(dir, 'video-uploads');
    fs.mkdirSync(uploads, { recursive: true });
    const uploaded = path.join(uploads, 'a'.repeat(32));
    fs.writeFileSync(uploaded, 'the uploaded clip');
    fs.writeFileSync(`${uploaded}.json`, '{"id":"tus info"}');

    const source = await videos.keepSource('v3', uploaded);
    expect(source).toBe('video-sources/v3');
    expect(await objects.exists('video-sources/v3')).toBe(true);
    // Off the receiving process's disk, with tus's info file.
    expect(fs.existsSync(uploaded)).toBe(false);
    expect(fs.existsSync(`${uploaded}.json`)).toBe(false);

    // Another process (its own work folder) fetches it for ffmpeg; releasing deletes only its copy.
    const elsewhere = createObjectVideoStorage(objects, 'http://unused', Buffer.alloc(32, 3), path.join(dir, 'other'));
    const opened = await elsewhere.openSource(source);
    expect(opened.file.startsWith(path.join(dir, 'other'))).toBe(true);
    expect(fs.readFileSync(opened.file, 'utf8')).toBe('the uploaded clip');
    await opened.release();
    expect(fs.existsSync(opened.file)).toBe(false);
    expect(await objects.exists('video-sources/v3')).toBe(true);

    await videos.removeSource(source);
    expect(await objects.exists('video-sources/v3')).toBe(false);
    await expect(videos.openSource(source)).rejects.toThrow(/not in the bucket/);
    await expect(videos.removeSource(null)).resolves.toBeUndefined();
  });

  it('a source recorded on disk (queued before the move to the bucket) is read and removed where it is', async () => {
    const file = path.join(dir, 'old-source');
    fs.writeFileSync(file, 'old');
    const opened = await videos.openSource(file);
    expect(opened.file).toBe(file);
    await opened.release();
    expect(fs.existsSync(file)).toBe(true);
    await videos.removeSource(file);
    expect(fs.existsSync(file)).toBe(false);
  });

  it("a source name never reaches outside video-sources/ (a row cannot delete a video's outputs or key)", async () => {
    await videos.putKey('v4', Buffer.alloc(16, 1));
    for (const source of ['video-keys/v4.key', 'video/v4/master.m3u8', 'video-sources/../video-keys/v4.key']) {
      await expect(videos.removeSource(source)).rejects.toThrow(RangeError);
      await expect(videos.openSource(source)).rejects.toThrow(RangeError);
    }
    expect(await videos.readKey('v4')).toEqual(Buffer.alloc(16, 1));
  });

  it('refuses ids and names that would reach outside the video folder', async () => {
    for (const name of ['../v2/master.m3u8', '/etc/passwd', '720p/../../x', '..', 'a//b']) {
      expect(() => videos.locate('v1', name)).toThrow(RangeError);
    }
    for (const id of ['..', '../video-keys', 'a/b', '']) {
      expect(() => videos.locate(id, 'master.m3u8')).toThrow(RangeError);
      await expect(videos.readKey(id)).rejects.toThrow(RangeError);
    }
  });
});
