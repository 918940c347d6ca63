import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/test-s3.js';
import { createLocalStorage } from './local-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { createS3Storage } from './s3-storage.js';

let s3: TestS3;
let dataDir: string;
const stores: Record<string, () => ObjectStorage> = {
  local: () => createLocalStorage(dataDir),
  s3: () => createS3Storage(s3.settings),
};

beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-storage-'));
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.each(Object.keys(stores))('object storage contract (%s)', (kind) => {
  const store = () => stores[kind]!();

  it('puts, reads back, sizes, lists and deletes an object', async () => {
    const storage = store();
    await storage.put('course-files/a.txt', Buffer.from('hello'), { contentType: 'text/plain' });
    expect(await storage.exists('course-files/a.txt')).toBe(true);
    expect(await storage.size('course-files/a.txt')).toBe(5);
    const object = await storage.get('course-files/a.txt');
    expect(object?.size).toBe(5);
    expect(await text(object!.body)).toBe('hello');
    expect(await storage.list('course-files/')).toContain('course-files/a.txt');
    await storage.delete('course-files/a.txt');
    expect(await storage.exists('course-files/a.txt')).toBe(false);
    expect(await storage.get('course-files/a.txt')).toBeNull();
    expect(await storage.size('course-files/a.txt')).toBeNull();
  });

  it('replaces an object and streams a local file in', async () => {
    const storage = store();
    const source = path.join(os.tmpdir(), `shop-storage-src-${kind}.bin`);
    fs.writeFileSync(source, Buffer.alloc(300_000, 7));
    await storage.put('video/v1/seg.ts', Buffer.from('old'));
    await storage.putFile('video/v1/seg.ts', source);
    expect(await storage.size('video/v1/seg.ts')).toBe(300_000);
    fs.rmSync(source);
  });

  it('answers null for what is not there, and deleting it is no error', async () => {
    const storage = store();
    expect(await storage.get('uploads/none.webp')).toBeNull();
    await expect(storage.delete('uploads/none.webp')).resolves.toBeUndefined();
    expect(await storage.list('nothing-here/')).toEqual([]);
  });

  it('refuses keys that climb out or are absolute', async () => {
    const storage = store();
    for (const key of ['../secret', '/etc/passwd', 'a/../../b', 'a//b', '']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toThrow(RangeError);
      await expect(storage.get(key)).rejects.toThrow(RangeError);
    }
  });

  it('is reachable', async () => {
    await expect(store().check()).resolves.toBeUndefined();
  });
});

describe('presigned URLs', () => {
  it('the bucket hands out a short-lived URL that serves the bytes with the download name', async () => {
    const storage = createS3Storage(s3.settings);
    await storage.put('course-files/b.pdf', Buffer.from('%PDF-1.4 x'));
    const url = await storage.presignedUrl('course-files/b.pdf', {
      expiresInSeconds: 60,
      contentDisposition: 'attachment; filename="Notes.pdf"',
      contentType: 'application/pdf',
    });
    expect(url).toMatch(/X-Amz-Expires=60/);
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.4 x');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="Notes.pdf"');
    expect(url).toMatch(/X-Amz-Signature=[0-9a-f]{64}/);
  });

  it('the local folder makes none: the shop streams the file itself', async () => {
    expect(await createLocalStorage(dataDir).presignedUrl('x/y', { expiresInSeconds: 60 })).toBeNull();
  });

  it('a bucket that is not there is not reachable', async () => {
    await expect(createS3Storage({ ...s3.settings, bucket: 'no-such-bucket' }).check()).rejects.toThrow();
  });
});
