import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { VideoStorage } from '../../storage/video-storage.js';
import { planLadder, type Rung } from './plan-ladder.js';
import { probeVideo } from './probe-video.js';
import { runTool } from './run-tool.js';

/**
 * Turns an uploaded file into the video's encrypted HLS ladder (decision 0027): one low-priority ffmpeg
 * run decodes the source once and encodes every rung of `planLadder` into MPEG-TS segments of about 6 s,
 * each AES-128 encrypted with a key made for this video; then a poster frame. The key goes to the
 * storage's key place, never into the published folder; the playlists name it by the URI of the key
 * endpoint, which hands it only to an authorized learner. Nothing is published unless everything worked.
 */

export const SEGMENT_SECONDS = 6;
export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER = 'poster.jpg';
export const mediaPlaylistOf = (rung: Pick<Rung, 'name'>) => `${rung.name}/index.m3u8`;

/** The URI the playlists give for the key; the key endpoint (a later session) serves it at this path. */
export const videoKeyUri = (videoId: string) => `/api/video/${videoId}/key`;

export interface TranscodeInput {
  videoId: string;
  /** The uploaded file; it is only read. */
  input: string;
  storage: VideoStorage;
  tools: { ffmpegPath: string; ffprobePath: string };
  /** Whole percents, rising, ending with 100 once the outputs are published. */
  onProgress?: (percent: number) => void;
  /** Stops ffmpeg (a retry, a deleted lesson, a shutdown); the run then fails and publishes nothing. */
  signal?: AbortSignal;
  /** Scratch space for ffmpeg's output and the key file while it runs; the system's temp folder by default. */
  workRoot?: string;
}

export interface TranscodedVideo {
  videoId: string;
  durationSeconds: number;
  width: number;
  height: number;
  hasAudio: boolean;
  rungs: Rung[];
}

export async function transcodeToHls({
  videoId,
  input,
  storage,
  tools,
  onProgress,
  signal,
  workRoot = os.tmpdir(),
}: TranscodeInput): Promise<TranscodedVideo> {
  const source = await probeVideo(tools.ffprobePath, input);
  const rungs = planLadder(source);
  const work = await fs.mkdtemp(path.join(workRoot, `video-${videoId}-`));
  try {
    const out = path.join(work, 'out');
    await fs.mkdir(out);
    const key = randomBytes(16);
    const keyFile = path.join(work, 'video.key');
    await fs.writeFile(keyFile, key, { mode: 0o600 });
    const keyInfo = path.join(work, 'key-info.txt');
    // ffmpeg's key info file: the key's URI for the playlists, the key file to encrypt with, and an IV.
    // Without an IV line ffmpeg 5.1 writes IV=0 for every segment; a random one per video is no worse.
    await fs.writeFile(keyInfo, `${videoKeyUri(videoId)}\n${keyFile}\n${randomBytes(16).toString('hex')}\n`);

    let reported = -1;
    const report = (percent: number) => {
      if (percent > reported) {
        reported = percent;
        onProgress?.(percent);
      }
    };
    report(0);
    await runTool(tools.ffmpegPath, ladderArguments(input, out, keyInfo, rungs, source.hasAudio), {
      lowPriority: true,
      signal,
      onLine: (line) => {
        const match = /^out_time_us=(\d+)$/.exec(line);
        // 99 at most until the outputs are published: 100 means the video can be played.
        if (match) report(Math.min(99, Math.floor(Number(match[1]) / 1e4 / source.durationSeconds)));
      },
    });
    await runTool(tools.ffmpegPath, posterArguments(input, path.join(out, POSTER), source.durationSeconds), {
      lowPriority: true,
      signal,
    });
    await storage.putKey(videoId, key);
    await storage.putDir(videoId, out);
    report(100);
    return { videoId, ...source, rungs };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

function ladderArguments(input: string, out: string, keyInfo: string, rungs: Rung[], hasAudio: boolean): string[] {
  const scaled = rungs.map((rung, i) => `[s${i}]scale=${rung.width}:${rung.height},setsar=1[v${i}]`);
  const filter = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};${scaled.join(';')}`;
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1', '-i', input],
    ...['-filter_complex', filter],
    ...rungs.flatMap((_, i) => ['-map', `[v${i}]`]),
    ...(hasAudio ? rungs.flatMap(() => ['-map', '0:a:0']) : []),
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'high', '-pix_fmt', 'yuv420p'],
    ...rungs.flatMap((rung, i) => [
      ...[`-b:v:${i}`, `${rung.videoKbps}k`, `-maxrate:v:${i}`, `${Math.round(rung.videoKbps * 1.07)}k`],
      ...[`-bufsize:v:${i}`, `${Math.round(rung.videoKbps * 1.5)}k`],
    ]),
    // A key frame every 6 s exactly, never elsewhere: every rung's segments then start at the same times,
    // so a player switching quality lands on a segment boundary.
    ...['-force_key_frames', `expr:gte(t,n_forced*${SEGMENT_SECONDS})`, '-sc_threshold', '0'],
    ...(hasAudio
      ? ['-c:a', 'aac', '-ac', '2', ...rungs.flatMap((rung, i) => [`-b:a:${i}`, `${rung.audioKbps}k`])]
      : []),
    ...['-f', 'hls', '-hls_time', String(SEGMENT_SECONDS), '-hls_playlist_type', 'vod'],
    ...['-hls_segment_type', 'mpegts', '-hls_key_info_file', keyInfo],
    ...['-hls_segment_filename', path.join(out, '%v', 'segment-%03d.ts')],
    ...['-master_pl_name', MASTER_PLAYLIST],
    ...['-var_stream_map', rungs.map((rung, i) => `v:${i}${hasAudio ? `,a:${i}` : ''},name:${rung.name}`).join(' ')],
    path.join(out, '%v', 'index.m3u8'),
  ];
}

function posterArguments(input: string, poster: string, durationSeconds: number): string[] {
  // One second in (past a fade from black), or the middle of a shorter clip; at most 720 lines high.
  const at = Math.min(1, durationSeconds / 2).toFixed(3);
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-ss', at, '-i', input],
    ...['-frames:v', '1', '-vf', "scale=-2:'min(720,ih)'", '-q:v', '3', '-y', poster],
  ];
}
