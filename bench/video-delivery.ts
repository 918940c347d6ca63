// Issue 15's delivery rows: one 6 s 720p segment served by the shop against @fastify/static serving the
// same file from its own process in the same run (target >= 0.8x its throughput), and the signed
// playlist and key requests with their server CPU time per request against the bare Fastify route's
// (decision 0034: guarded against bench/baseline.json by `npm run bench`). The video is made as the
// real pipeline makes it (ffmpeg, AES-128 HLS into the shop's DATA_DIR) and played by an enrolled learner.
// Alone: `node --import tsx bench/video-delivery.ts` (after `npm run build`); `npm run bench` runs it too.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type PlaybackResponse, pathWith, playbackPaths } from '@shop/shared';
import { transcodeToHls } from '../apps/server/src/modules/video/transcode-to-hls.js';
import { createLocalVideoStorage } from '../apps/server/src/storage/video-storage.js';
import { makeClip } from '../apps/server/test/test-clips.js';
import { BenchData } from './fixtures.js';
import { type LoadOptions, type Measured, measurePair } from './loads.js';
import { pinSelf, type Running, start, startShop, tempDir } from './shop-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_VIDEO_ROUNDS ?? 3);
/** A segment is about 2 MB: fewer connections than the small answers' 100, as many players would fetch. */
const SEGMENT_CONNECTIONS = 20;

const SLICE = Number(process.env.BENCH_SLICE_SECONDS ?? 2);

interface Side {
  pid: number | undefined;
  url: string;
  options: LoadOptions;
}

function load(server: Running, url: string, connections: number, headers: Record<string, string> = {}): Side {
  return { pid: server.child.pid, url, options: { connections, seconds: SECONDS, headers } };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * Each figure loaded ROUNDS times, each time taking turns with the reference (slices of SLICE seconds);
 * the median of the ratios of `by`, and of the server CPU time per request (own / reference).
 */
async function compare(name: string, reference: Side, own: Side, by: 'requestsPerSecond' | 'megabytesPerSecond') {
  const rounds: { ref: Measured; own: Measured }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`video delivery: ${name}, round ${round} of ${ROUNDS} (it and the reference, ${SECONDS} s each)...`);
    const [ref, mine] = await measurePair(reference, own, SECONDS, SLICE);
    rounds.push({ ref, own: mine });
  }
  const ratios = rounds.map((r) => Math.round((r.own[by] / r.ref[by]) * 100) / 100);
  const cpu = (m: Measured) => m.cpuMicrosPerRequest ?? Number.NaN;
  /** The median of the finite values, rounded; null without /proc. */
  const mid = (values: number[], places: number) => {
    const finite = values.filter(Number.isFinite);
    return finite.length === 0 ? null : Math.round(median(finite) * 10 ** places) / 10 ** places;
  };
  return {
    name,
    own: median(rounds.map((r) => r.own[by])),
    reference: median(rounds.map((r) => r.ref[by])),
    unit: by,
    ratio: median(ratios),
    ratios,
    cpuMicrosPerRequest: mid(
      rounds.map((r) => cpu(r.own)),
      1,
    ),
    referenceCpuMicrosPerRequest: mid(
      rounds.map((r) => cpu(r.ref)),
      1,
    ),
    cpuRatio: mid(
      rounds.map((r) => cpu(r.own) / cpu(r.ref)),
      3,
    ),
    verdicts: rounds.flatMap((r) => [`reference ${r.ref.verdict}`, `own ${r.own.verdict}`]),
    p99Ms: median(rounds.map((r) => r.own.p99Ms)),
    errors: rounds.reduce((sum, r) => sum + r.own.errors + r.own.non2xx + r.ref.errors + r.ref.non2xx, 0),
  };
}

/** A ready 720p video for the course's first lesson, made in the shop's DATA_DIR as its queue would. */
async function readyVideo(data: BenchData, dataDir: string, lessonId: string) {
  const work = fs.mkdtempSync(path.join(dataDir, 'clip-'));
  const clip = makeClip(work, 'clip.mp4', { width: 1280, height: 720, seconds: 6, rate: 25 });
  const videoId = randomBytes(12).toString('hex');
  const tools = { ffmpegPath: process.env.FFMPEG_PATH ?? 'ffmpeg', ffprobePath: process.env.FFPROBE_PATH ?? 'ffprobe' };
  const made = await transcodeToHls({ videoId, input: clip, storage: createLocalVideoStorage(dataDir), tools });
  fs.rmSync(work, { recursive: true, force: true });
  const now = new Date().toISOString();
  data.db
    .prepare(
      `insert into lesson_videos (id, lesson_id, status, source_name, progress, duration_seconds, width, height, rungs_json, created_at, updated_at, finished_at)
       values (?, ?, 'ready', 'clip.mp4', 100, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(videoId, lessonId, made.durationSeconds, made.width, made.height, JSON.stringify(made.rungs), now, now, now);
  data.db.prepare('update course_lessons set video_id = ? where id = ?').run(videoId, lessonId);
  return videoId;
}

/** Both figures on a running shop (the bench's own, or one started here). */
export async function measureVideoDelivery(shop: Running, data: BenchData, dataDir: string) {
  const [course] = data.courses();
  const courseId = course?.id ?? '';
  const [lessonId] = data.lessons(courseId);
  if (!lessonId) throw new Error('the demo catalogue has no lesson');
  console.log('video delivery: transcoding a 6 s 720p clip...');
  const videoId = await readyVideo(data, dataDir, lessonId);
  const [learner] = data.learners(1);
  if (!learner) throw new Error('no learner made');
  data.enrol([learner.id], courseId);
  const bearer = { authorization: `Bearer ${learner.token}` };
  const grantRes = await fetch(`${shop.url}${pathWith(playbackPaths.playback, { courseId, lessonId })}`, {
    headers: bearer,
  });
  if (grantRes.status !== 200) throw new Error(`playback: ${grantRes.status} ${await grantRes.text()}`);
  const grant = (await grantRes.json()) as PlaybackResponse;
  const segmentName = '720p/segment-000.ts';
  const segmentFile = path.join(dataDir, 'video', videoId, segmentName);
  const segmentBytes = fs.statSync(segmentFile).size;

  const staticServer = await start(
    'bench/video-delivery.ts',
    { VIDEO_STATIC_ROOT: path.join(dataDir, 'video') },
    '/health',
  );
  const baseline = await start('bench/baseline-server.ts', {}, '/');
  try {
    // Segments are signed like the playlists (decision 0028): the learner's query and session go with it.
    const shopSegment = `${shop.url}/api/video/${videoId}/${segmentName}${grant.signedQuery}`;
    const staticSegment = `${staticServer.url}/${videoId}/${segmentName}`;
    for (const url of [shopSegment, staticSegment]) {
      const res = await fetch(url, { headers: url === shopSegment ? bearer : {} });
      if (res.status !== 200 || (await res.arrayBuffer()).byteLength !== segmentBytes)
        throw new Error(`bad segment at ${url}`);
    }
    const segment = await compare(
      'GET a 6 s 720p segment (vs @fastify/static, MB/s)',
      load(staticServer, staticSegment, SEGMENT_CONNECTIONS),
      load(shop, shopSegment, SEGMENT_CONNECTIONS, bearer),
      'megabytesPerSecond',
    );
    const base = load(baseline, `${baseline.url}/`, 100);
    const master = await compare(
      'GET the signed master playlist (vs baseline, req/s)',
      base,
      load(shop, `${shop.url}${grant.manifestUrl}`, 100, bearer),
      'requestsPerSecond',
    );
    const media = await compare(
      'GET the signed 720p playlist, rewritten (vs baseline, req/s)',
      base,
      load(shop, `${shop.url}/api/video/${videoId}/720p/index.m3u8${grant.signedQuery}`, 100, bearer),
      'requestsPerSecond',
    );
    const key = await compare(
      'GET the key, all checks (vs baseline, req/s)',
      base,
      load(shop, `${shop.url}/api/video/${videoId}/key${grant.signedQuery}`, 100, bearer),
      'requestsPerSecond',
    );
    const playback = await compare(
      'GET /playback, signing + device limit (vs baseline, req/s)',
      base,
      load(shop, `${shop.url}${pathWith(playbackPaths.playback, { courseId, lessonId })}`, 100, bearer),
      'requestsPerSecond',
    );
    return { segmentBytes, rows: [segment, master, media, key, playback] };
  } finally {
    await staticServer.stop();
    await baseline.stop();
  }
}

if (process.env.VIDEO_STATIC_ROOT) {
  // The reference: @fastify/static serving the same folder, as a plain static file server would.
  const { default: Fastify } = await import('fastify');
  // The server's own copy of the plugin (a dependency of apps/server, not of the bench).
  const fromServer = createRequire(path.join(import.meta.dirname, '../apps/server/package.json'));
  const { default: fastifyStatic } = await import(pathToFileURL(fromServer.resolve('@fastify/static')).href);
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root: process.env.VIDEO_STATIC_ROOT, maxAge: '1y', immutable: true });
  app.get('/health', async () => ({ ok: true }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
} else if (import.meta.url === `file://${process.argv[1]}`) {
  pinSelf();
  const dataDir = tempDir('video-delivery');
  const shop = await startShop(dataDir);
  const data = new BenchData(path.join(dataDir, 'shop.sqlite'));
  try {
    const result = await measureVideoDelivery(shop, data, dataDir);
    console.table(
      result.rows.map((row) => ({
        figure: row.name,
        own: row.own,
        reference: row.reference,
        ratio: row.ratio,
        'CPU x reference': row.cpuRatio,
        'p99 ms': row.p99Ms,
        errors: row.errors,
      })),
    );
    console.log(JSON.stringify(result, null, 2));
  } finally {
    data.close();
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
