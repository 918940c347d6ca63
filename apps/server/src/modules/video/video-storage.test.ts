import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outputFolder as writeOutputFolder } from '../../../test/output-folder.js';
import { createLocalVideoStorage, type VideoStorage } from '../../storage/video-storage.js';

let dir: string;
let storage: VideoStorage;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'video-storage-'));
  storage = createLocalVideoStorage(path.join(dir, 'data'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const outputFolder = (files: Record<string, string>) => writeOutputFolder(dir, files);

describe('local VideoStorage', () => {
  it('replaces a published video as a whole: nothing of the old version is left', async () => {
    await storage.putDir('v1', outputFolder({ 'master.m3u8': 'old', '720p/index.m3u8': 'old rung' }));
    await storage.putDir('v1', outputFolder({ 'master.m3u8': 'new', '240p/index.m3u8': 'new rung' }));
    expect(fs.readFileSync(storage.locate('v1', 'master.m3u8'), 'utf8')).toBe('new');
    expect(fs.existsSync(storage.locate('v1', '720p/index.m3u8'))).toBe(false);
    expect(fs.readdirSync(path.join(dir, 'data', 'video'))).toEqual(['v1']);
  });

  it('keeps the key outside the published folder, readable only by the server', async () => {
    await storage.putKey('v1', Buffer.alloc(16, 7));
    expect(await storage.readKey('v1')).toEqual(Buffer.alloc(16, 7));
    const keyFile = path.join(dir, 'data', 'video-keys', 'v1.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(path.relative(path.join(dir, 'data', 'video'), keyFile).startsWith('..')).toBe(true);
  });

  it('refuses ids and object names that would reach outside the video folder', async () => {
    for (const name of ['../v2/master.m3u8', '/etc/passwd', '720p/../../x', '..', 'a//b']) {
      expect(() => storage.locate('v1', name)).toThrow(RangeError);
    }
    for (const id of ['..', '../video-keys', 'a/b', '']) {
      expect(() => storage.locate(id, 'master.m3u8')).toThrow(RangeError);
      await expect(storage.readKey(id)).rejects.toThrow(RangeError);
      await expect(storage.removeVideo(id)).rejects.toThrow(RangeError);
    }
    expect(storage.locate('v1', '720p/segment-000.ts')).toBe(
      path.join(dir, 'data', 'video', 'v1', '720p', 'segment-000.ts'),
    );
  });
});
