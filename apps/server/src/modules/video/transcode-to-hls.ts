import { createCipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { VideoStorage } from '../../storage/video-storage.js';
import { planLadder, type Rung } from './plan-ladder.js';
import { LOCAL_FILE_ONLY, probeVideo } from './probe-video.js';
import { runTool } from './run-tool.js';

/**
 * Turns an uploaded file into the video's encrypted HLS ladder (decision 0027): one low-priority ffmpeg
 * run decodes the source once and encodes every rung of `planLadder` into MPEG-TS segments of about 6 s
 * in a private scratch folder; then a poster frame. The segments are then AES-128 encrypted here, with
 * a new random key for every `SEGMENTS_PER_KEY` segments (10 minutes of video; the same key in every
 * rung, so a quality switch needs no new key), and each media playlist gets an `#EXT-X-KEY` line where
 * its key changes (decision 0028: one fetched key opens 10 minutes, not the whole video). The keys go
 * to the storage's key place (one after the other), never into the published folder; the playlists
 * name them by the URIs of the key endpoint, which hands them only to an authorized learner. ffmpeg
 * reads only the uploaded file, with the demuxer the probe found. Nothing is published unless
 * everything worked.
 */

export const SEGMENT_SECONDS = 6;
export const MASTER_PLAYLIST = 'master.m3u8';
export const POSTER = 'poster.jpg';
export const mediaPlaylistOf = (rung: Pick<Rung, 'name'>) => `${rung.name}/index.m3u8`;

/** A key covers this many segments of every rung: 10 minutes of video. */
export const SEGMENTS_PER_KEY = 100;

/**
 * The URI the playlists give for one of the video's keys. Videos transcoded before keys rotated have one
 * key, named by the URI without an index (`/key`); the key endpoint serves it as key 0.
 */
export const videoKeyUri = (videoId: string, keyIndex?: number) =>
  keyIndex === undefined ? `/api/video/${videoId}/key` : `/api/video/${videoId}/keys/${keyIndex}`;

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
  /** Segments per key (SEGMENTS_PER_KEY); the tests rotate sooner. */
  segmentsPerKey?: number;
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
  segmentsPerKey = SEGMENTS_PER_KEY,
}: TranscodeInput): Promise<TranscodedVideo> {
  const source = await probeVideo(tools.ffprobePath, input);
  const rungs = planLadder(source);
  const work = await fs.mkdtemp(path.join(workRoot, `video-${videoId}-`));
  try {
    const out = path.join(work, 'out');
    await fs.mkdir(out, { mode: 0o700 });

    let reported = -1;
    const report = (percent: number) => {
      if (percent > reported) {
        reported = percent;
        onProgress?.(percent);
      }
    };
    report(0);
    await runTool(tools.ffmpegPath, ladderArguments(input, source.demuxer, out, rungs, source.hasAudio), {
      lowPriority: true,
      signal,
      onLine: (line) => {
        const match = /^out_time_us=(\d+)$/.exec(line);
        // 99 at most until the outputs are published: 100 means the video can be played.
        if (match) report(Math.min(99, Math.floor(Number(match[1]) / 1e4 / source.durationSeconds)));
      },
    });
    await runTool(
      tools.ffmpegPath,
      posterArguments(input, source.demuxer, path.join(out, POSTER), source.durationSeconds),
      { lowPriority: true, signal },
    );
    const keys = await encryptRungs(videoId, out, rungs, segmentsPerKey);
    await storage.putKey(videoId, Buffer.concat(keys));
    await storage.putDir(videoId, out);
    report(100);
    return { videoId, ...source, rungs };
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** The forced input: only the local file, read with the probed demuxer (never one guessed from its content again). */
const inputArguments = (input: string, demuxer: string) => [...LOCAL_FILE_ONLY, '-f', demuxer, '-i', input];

function ladderArguments(input: string, demuxer: string, out: string, rungs: Rung[], hasAudio: boolean): string[] {
  const scaled = rungs.map((rung, i) => `[s${i}]scale=${rung.width}:${rung.height},setsar=1[v${i}]`);
  const filter = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join('')};${scaled.join(';')}`;
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-nostats', '-progress', 'pipe:1'],
    ...inputArguments(input, demuxer),
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
    ...['-hls_segment_type', 'mpegts'],
    ...['-hls_segment_filename', path.join(out, '%v', 'segment-%03d.ts')],
    ...['-master_pl_name', MASTER_PLAYLIST],
    ...['-var_stream_map', rungs.map((rung, i) => `v:${i}${hasAudio ? `,a:${i}` : ''},name:${rung.name}`).join(' ')],
    path.join(out, '%v', 'index.m3u8'),
  ];
}

function posterArguments(input: string, demuxer: string, poster: string, durationSeconds: number): string[] {
  // One second in (past a fade from black), or the middle of a shorter clip; at most 720 lines high.
  const at = Math.min(1, durationSeconds / 2).toFixed(3);
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-ss', at, ...inputArguments(input, demuxer)],
    ...['-frames:v', '1', '-vf', "scale=-2:'min(720,ih)'", '-q:v', '3', '-y', poster],
  ];
}

/** The IV HLS uses when a key line names none: the segment's media sequence number, 16 bytes big-endian. */
export function sequenceIv(sequence: number): Buffer {
  const iv = Buffer.alloc(16);
  iv.writeBigUInt64BE(BigInt(sequence), 8);
  return iv;
}

/**
 * Encrypts every rung's segments in place (AES-128-CBC, PKCS#7 padding, as HLS's METHOD=AES-128 says)
 * and writes the key lines into its playlist: segment n of every rung under key floor(n / perKey), with
 * its sequence number as IV. Answers the keys, in order.
 */
async function encryptRungs(videoId: string, out: string, rungs: Rung[], perKey: number): Promise<Buffer[]> {
  const keys: Buffer[] = [];
  const keyFor = (index: number) => {
    while (keys.length <= index) keys.push(randomBytes(16));
    return keys[index] as Buffer;
  };
  for (const rung of rungs) {
    const playlist = path.join(out, mediaPlaylistOf(rung));
    const lines = (await fs.readFile(playlist, 'utf8')).split('\n');
    const firstSequence = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)/m.exec(lines.join('\n'))?.[1] ?? 0);
    const written: string[] = [];
    let segment = 0;
    for (const line of lines) {
      if (line.startsWith('#EXTINF:') && segment % perKey === 0) {
        written.push(`#EXT-X-KEY:METHOD=AES-128,URI="${videoKeyUri(videoId, segment / perKey)}"`);
      }
      if (line !== '' && !line.startsWith('#')) {
        const file = path.join(path.dirname(playlist), line);
        const cipher = createCipheriv(
          'aes-128-cbc',
          keyFor(Math.floor(segment / perKey)),
          sequenceIv(firstSequence + segment),
        );
        const plain = await fs.readFile(file);
        await fs.writeFile(file, Buffer.concat([cipher.update(plain), cipher.final()]));
        segment += 1;
      }
      written.push(line);
    }
    await fs.writeFile(playlist, written.join('\n'));
  }
  return keys;
}
