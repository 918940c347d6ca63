import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../test/run-cli.js';
import { startTestS3, type TestS3 } from '../../test/test-s3.js';
import { createVideoStorage } from '../modules/video/create-video-storage.js';
import { createS3Storage } from './s3-storage.js';

const SHOP_SECRET = 'a-long-enough-shop-secret-for-the-copy-test-0123456789';
let s3: TestS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startTestS3();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-copy-'));
  const files: Record<string, string> = {
    'course-files/a1.pdf': '%PDF a',
    'uploads/thumbs/abc-700.webp': 'RIFF webp',
    'video/v1/master.m3u8': '#EXTM3U',
    'video/v1/720p/s0.ts': 'segment',
    'video-keys/v1.key': 'sixteen byte key',
    'outbox/mail.eml': 'not a stored file',
  };
  for (const [name, body] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dataDir, name)), { recursive: true });
    fs.writeFileSync(path.join(dataDir, name), body);
  }
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run cli -- storage:copy', () => {
  it("copies an existing data folder's stored files into the bucket under the same keys, and a second run copies nothing", async () => {
    const first = await runCli(['storage:copy'], { DATA_DIR: dataDir, SHOP_SECRET, ...s3.env });
    expect(first.output).toContain('Copied 5 file(s)');
    expect(first.status).toBe(0);
    const bucket = createS3Storage(s3.settings);
    expect((await bucket.list('')).sort()).toEqual([
      'course-files/a1.pdf',
      'uploads/thumbs/abc-700.webp',
      'video-keys/v1.key',
      'video/v1/720p/s0.ts',
      'video/v1/master.m3u8',
    ]);
    const object = await bucket.get('video/v1/720p/s0.ts');
    expect(await text(object!.body)).toBe('segment');
    // The key is sealed on its way (never in the bucket in the clear), and the player's storage reads it back.
    const sealed = await buffer((await bucket.get('video-keys/v1.key'))!.body);
    expect(sealed.includes(Buffer.from('sixteen byte key'))).toBe(false);
    const videos = createVideoStorage(
      { dataDir, shopSecret: SHOP_SECRET, storage: { kind: 's3', ...s3.settings } },
      bucket,
    );
    expect((await videos.readKey('v1'))?.toString()).toBe('sixteen byte key');

    fs.writeFileSync(path.join(dataDir, 'course-files/a2.pdf'), '%PDF added later');
    const again = await runCli(['storage:copy'], { DATA_DIR: dataDir, SHOP_SECRET, ...s3.env });
    expect(again.output).toContain('Copied 1 file(s)');
    expect(again.output).toContain('5 already there');
  });

  it('refuses without a bucket, saying what is missing', async () => {
    const res = await runCli(['storage:copy'], { DATA_DIR: dataDir });
    expect(res.status).toBe(1);
    expect(res.output.trim()).toBe('storage:copy needs S3_BUCKET (and S3_ENDPOINT, keys) set');
  });
});
