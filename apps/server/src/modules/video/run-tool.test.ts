import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath, requireFfmpeg } from '../../../test/test-clips.js';
import { loadConfig } from '../../config.js';
import { runTool, VideoToolError } from './run-tool.js';

beforeAll(requireFfmpeg);

// A few seconds of test pattern encoded to nowhere, reporting progress on stdout like a transcode.
const encodeToNull = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-progress', 'pipe:1', '-f', 'lavfi'];
const pattern = ['-i', 'testsrc2=size=320x180:rate=10', '-t', '3', '-c:v', 'libx264', '-f', 'null', '-'];

/** The niceness of this process's ffmpeg children, as `ps` sees them. */
const childNiceness = () =>
  execFileSync('ps', ['-o', 'ni=,comm=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes('ffmpeg'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));

describe('runTool', () => {
  it('runs a transcode at the lowest priority, so the shop answers first', async () => {
    const seen: number[] = [];
    await runTool(ffmpegPath, [...encodeToNull, ...pattern], {
      lowPriority: true,
      onLine: (line) => {
        if (line.startsWith('progress=') && seen.length === 0) seen.push(...childNiceness());
      },
    });
    expect(seen).toEqual([19]);
  });

  it("rejects with ffmpeg's last error lines when it fails", async () => {
    const failure = await runTool(ffmpegPath, [
      '-hide_banner',
      '-i',
      '/nonexistent/lesson.mp4',
      '-f',
      'null',
      '-',
    ]).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(VideoToolError);
    expect((failure as VideoToolError).reason).toMatch(/\/nonexistent\/lesson\.mp4: No such file or directory/);
  });

  it('stops ffmpeg when the run is aborted', async () => {
    const abort = new AbortController();
    const run = runTool(ffmpegPath, [...encodeToNull, ...pattern.map((arg) => (arg === '3' ? '600' : arg))], {
      signal: abort.signal,
      onLine: () => abort.abort(),
    });
    await expect(run).rejects.toThrow(/was stopped/);
  });

  it('takes ffmpeg and ffprobe from FFMPEG_PATH / FFPROBE_PATH, else from PATH, and says how to install a missing one', async () => {
    expect(loadConfig({})).toMatchObject({ ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' });
    const config = loadConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg', FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe' });
    expect(config).toMatchObject({ ffmpegPath: '/opt/ffmpeg/bin/ffmpeg', ffprobePath: '/opt/ffmpeg/bin/ffprobe' });
    const missing = await runTool(config.ffmpegPath, ['-version']).catch((error: unknown) => error);
    expect(missing).toMatchObject({ notRunnable: true });
    expect((missing as Error).message).toMatch(
      /\/opt\/ffmpeg\/bin\/ffmpeg was not found: install .*apt-get install ffmpeg/,
    );
  });
});
