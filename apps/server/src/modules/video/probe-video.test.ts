import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobePath, makeAudioOnly, makeClip, makeStill, requireFfmpeg } from '../../../test/test-clips.js';
import { AppError } from '../../errors.js';
import { probeVideo } from './probe-video.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-video-'));
  requireFfmpeg();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function refusal(file: string) {
  const error = await probeVideo(ffprobePath, file).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, message: (error as AppError).message };
}

describe('probeVideo', () => {
  it('reads the duration, the size and the sound of a video', async () => {
    const file = makeClip(dir, 'clip.mp4', { width: 320, height: 180, seconds: 3 });
    const probed = await probeVideo(ffprobePath, file);
    expect(probed).toMatchObject({ width: 320, height: 180, hasAudio: true });
    expect(probed.durationSeconds).toBeGreaterThan(2.5);
    expect(probed.durationSeconds).toBeLessThan(3.5);
  });

  it('accepts a silent video and says it has no sound', async () => {
    const file = makeClip(dir, 'silent.mkv', { width: 240, height: 320, seconds: 2, audio: false });
    expect(await probeVideo(ffprobePath, file)).toMatchObject({ width: 240, height: 320, hasAudio: false });
  });

  it('refuses a text file renamed .mp4, by its content', async () => {
    const file = path.join(dir, 'lesson.mp4');
    fs.writeFileSync(file, 'Chapter 1: candlesticks.\n'.repeat(200));
    expect(await refusal(file)).toEqual({ code: 'bad_request', message: messages.videoNotAVideo });
  });

  it('refuses a sound-only file, even named .mp4', async () => {
    const file = makeAudioOnly(dir, 'talk.mp4', 2);
    expect(await refusal(file)).toEqual({ code: 'bad_request', message: messages.videoNotAVideo });
  });

  it('refuses a song with album art: its picture is not a video', async () => {
    const file = makeAudioOnly(dir, 'song.m4a', 2, makeStill(dir, 'cover.jpg'));
    expect(await refusal(file)).toEqual({ code: 'bad_request', message: messages.videoNotAVideo });
  });

  it('refuses a still image renamed .mp4', async () => {
    const file = makeStill(dir, 'slide.mp4');
    expect(await refusal(file)).toEqual({ code: 'bad_request', message: messages.videoNotAVideo });
  });

  it('names the missing ffprobe and how to install it, instead of blaming the file', async () => {
    const file = makeClip(dir, 'ok.mp4', { width: 160, height: 90, seconds: 1 });
    await expect(probeVideo('/nonexistent/ffprobe', file)).rejects.toThrow(/apt-get install ffmpeg.*FFPROBE_PATH/);
  });
});
