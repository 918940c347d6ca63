import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { loadConfig } from '../src/config.js';

/** The ffmpeg and ffprobe the tests run: FFMPEG_PATH / FFPROBE_PATH, or the ones on PATH. */
export const { ffmpegPath, ffprobePath } = loadConfig(process.env);

/** Fails the suite with what to do when ffmpeg is missing, instead of letting every test time out. */
export function requireFfmpeg(): void {
  for (const binary of [ffmpegPath, ffprobePath]) {
    try {
      execFileSync(binary, ['-version'], { stdio: 'ignore' });
    } catch {
      throw new Error(
        `${binary} is not installed: the video tests need Debian's ffmpeg package (apt-get install ffmpeg), or FFMPEG_PATH and FFPROBE_PATH pointing at them`,
      );
    }
  }
}

export interface ClipOptions {
  width: number;
  height: number;
  seconds: number;
  /** Frames per second; a low rate keeps the tests' encodes short. */
  rate?: number;
  audio?: boolean;
}

/** A small test-pattern clip (with a 440 Hz tone unless `audio: false`) made by ffmpeg's lavfi sources. */
export function makeClip(dir: string, name: string, { width, height, seconds, rate = 10, audio = true }: ClipOptions) {
  const file = path.join(dir, name);
  const audioInput = audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=44100`] : [];
  execFileSync(ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=${rate}`],
    ...audioInput,
    ...['-t', String(seconds), '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...(audio ? ['-c:a', 'aac'] : []),
    // The index first, as a camera or an editor's export would write it for streaming.
    ...(/\.(mp4|mov)$/.test(file) ? ['-movflags', '+faststart'] : []),
    file,
  ]);
  return file;
}

/** A sound-only file: the 440 Hz tone in AAC, with `cover` (an image file) as its album art if given. */
export function makeAudioOnly(dir: string, name: string, seconds: number, cover?: string) {
  const file = path.join(dir, name);
  const art = cover ? ['-i', cover, '-map', '0', '-map', '1', '-c:v', 'copy', '-disposition:v', 'attached_pic'] : [];
  execFileSync(ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440'],
    ...art,
    ...['-t', String(seconds), '-c:a', 'aac', file],
  ]);
  return file;
}

/** One JPEG frame of the test pattern, written under `name` whatever its extension. */
export function makeStill(dir: string, name: string) {
  const file = path.join(dir, name);
  execFileSync(ffmpegPath, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180'],
    ...['-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', file],
  ]);
  return file;
}
