// Issue 15's transcode row: how fast this machine turns a 60 s 720p clip into the encrypted HLS ladder
// (a multiple of real time), and how much of the catalogue's GET /api/courses rate the shop keeps while a
// transcode runs (target >= 0.5x of its rate without one). The shop's own queue does the work: the clip
// is uploaded through the console's tus endpoint, as an operator's browser would.
// Alone: `node --import tsx bench/video-transcode.ts` (after `npm run build`); `npm run bench` runs it too.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type LessonVideoResponse, pathWith, videoAdminPaths } from '@shop/shared';
import autocannon from 'autocannon';
import { BenchData } from './fixtures.js';
import { pinSelf, type Running, startShop, tempDir } from './shop-process.js';

const CLIP_SECONDS = 60;
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

function makeClip(dir: string): string {
  const file = path.join(dir, 'clip-720p-60s.mp4');
  // A camera-like file: 25 fps H.264 with AAC sound, encoded quickly (the source's own size is not measured).
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100', '-t', String(CLIP_SECONDS)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    ...['-movflags', '+faststart', file],
  ]);
  return file;
}

/** An operator with a session, written into the shop's database as the bench's learners are. */
function admin(data: BenchData): string {
  const [user] = data.learners(1);
  if (!user) throw new Error('no user made');
  data.db.prepare(`update users set role = 'admin' where id = ?`).run(user.id);
  return user.token;
}

async function upload(shop: Running, token: string, lessonId: string, file: string): Promise<void> {
  const bytes = fs.readFileSync(file);
  const headers = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${shop.url}${pathWith(videoAdminPaths.uploads, { lessonId })}`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(bytes.length) },
  });
  const location = created.headers.get('location');
  if (created.status !== 201 || !location) throw new Error(`tus creation: ${created.status} ${await created.text()}`);
  const sent = await fetch(`${shop.url}${location}`, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: bytes,
  });
  if (sent.status !== 204) throw new Error(`tus PATCH: ${sent.status} ${await sent.text()}`);
}

async function state(shop: Running, token: string, lessonId: string): Promise<LessonVideoResponse> {
  const res = await fetch(`${shop.url}${pathWith(videoAdminPaths.video, { lessonId })}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as LessonVideoResponse;
}

async function until(check: () => Promise<boolean>, seconds: number, what: string) {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const catalogueRate = async (shop: Running) =>
  Math.round(
    (await autocannon({ url: `${shop.url}/api/courses`, connections: 100, duration: LOAD_SECONDS })).requests.average,
  );

/** Both figures on a running shop (the bench's own, or one started here). */
export async function measureVideoTranscode(shop: Running, data: BenchData, workDir: string) {
  const token = admin(data);
  const [course] = data.courses();
  const [lessonId] = data.lessons(course?.id ?? '');
  if (!lessonId) throw new Error('the demo catalogue has no lesson');
  console.log(`video: making a ${CLIP_SECONDS} s 720p clip...`);
  const clip = makeClip(workDir);
  const clipMb = Math.round(fs.statSync(clip).size / 1e5) / 10;

  // 1. The transcode alone: upload, then time the job from its start to ready.
  console.log('video: transcoding it alone...');
  await upload(shop, token, lessonId, clip);
  let ready: LessonVideoResponse['current'] = null;
  await until(
    async () => {
      ready = (await state(shop, token, lessonId)).current;
      return ready !== null;
    },
    1800,
    'the first transcode',
  );
  const job = data.db
    .prepare('select started_at, finished_at from lesson_videos where id = ?')
    .get((ready as unknown as { id: string }).id) as { started_at: string; finished_at: string };
  const aloneSeconds = (Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000;

  // 2. The catalogue without a transcode, then while the replacement of the same video transcodes.
  console.log(`video: GET /api/courses for ${LOAD_SECONDS} s without a transcode, then during one...`);
  await catalogueRate(shop);
  const without = await catalogueRate(shop);
  await upload(shop, token, lessonId, clip);
  await until(async () => (await state(shop, token, lessonId)).job?.status === 'running', 120, 'the job to start');
  const during = await catalogueRate(shop);
  const stillRunning = (await state(shop, token, lessonId)).job?.status === 'running';
  await until(async () => (await state(shop, token, lessonId)).job === null, 1800, 'the second transcode');
  return {
    clip: { seconds: CLIP_SECONDS, width: 1280, height: 720, megabytes: clipMb },
    rungs: (ready as unknown as { rungs: { name: string }[] }).rungs.map((rung) => rung.name),
    transcodeSeconds: aloneSeconds,
    speedTimesRealTime: Math.round((CLIP_SECONDS / aloneSeconds) * 100) / 100,
    catalogueRps: { without, during, ratio: Math.round((during / without) * 100) / 100 },
    /** False when the transcode finished before the load did: the "during" figure then mixes both. */
    transcodeRanThroughLoad: stillRunning,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  pinSelf();
  const dataDir = tempDir('video');
  const shop = await startShop(dataDir);
  const data = new BenchData(path.join(dataDir, 'shop.sqlite'));
  try {
    console.log(JSON.stringify(await measureVideoTranscode(shop, data, dataDir), null, 2));
  } finally {
    data.close();
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
