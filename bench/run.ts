import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { certificatePaths } from '@shop/shared';
import type autocannon from 'autocannon';
import { bundleSizes } from './bundle-sizes.js';
import { BenchData, growDatabase } from './fixtures.js';
import { lighthouseReport, type PageScores, printLighthouse } from './lighthouse.js';
import {
  hasWrk,
  type LoadOptions,
  type Measured,
  measureLoad,
  measurePair,
  TICKS_PER_SECOND,
  WRK_HINT,
} from './loads.js';
import { pinning, pinSelf, post, type Running, root, start, startShop, tempDir, unpinSelf } from './shop-process.js';
import { renewalRun, subscribeAndVerify } from './subscriptions.js';
import { measureVideoDelivery } from './video-delivery.js';
import { measureVideoTranscode } from './video-transcode.js';
import {
  type BaselineFile,
  formatChange,
  guard,
  median as medianOf,
  nextBaseline,
  WORSE_THRESHOLD,
} from './yardstick.js';

/**
 * `npm run bench` (decision 0034): each HTTP row's server CPU time per request, as a ratio to a bare
 * Fastify route's measured in the same round, guarded against bench/baseline.json (a row more than 15 %
 * worse is marked); req/s beside it. Writes bench/results.json and prints tables. `--write-baseline`
 * (or BENCH_WRITE_BASELINE=1) rewrites bench/baseline.json from this run; `--http-only` stops after the
 * HTTP rows.
 * BENCH_SECONDS (default 10) sets each HTTP load's length; purchases run 3x that (30 s by default).
 * BENCH_ROUNDS (default 5): each endpoint is loaded that many times, each time after its own baseline load.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** A round's two loads (the bare route's and the row's) take turns in slices this long (seconds). */
const SLICE = Number(process.env.BENCH_SLICE_SECONDS ?? 2);
const BASELINE_FILE = path.join(root, 'bench/baseline.json');
const WRITE_BASELINE = process.argv.includes('--write-baseline') || process.env.BENCH_WRITE_BASELINE === '1';
/** `--http-only`: the guarded rows alone, the HTTP table and the video delivery rows (a short run). */
const HTTP_ONLY = process.argv.includes('--http-only');
/**
 * `--rows TEXT`: only the HTTP rows whose name contains TEXT (e.g. `--rows live-sessions`), then the
 * table and nothing else: a developer's check of the rows a change touches. The baseline is not written.
 */
const ONLY_ROWS = (() => {
  const at = process.argv.indexOf('--rows');
  return at >= 0 ? (process.argv[at + 1] ?? '') : '';
})();
const baselineFile = readBaseline();
/** Issue 34's renewal run: this many subscriptions are made (subscribe-and-verify) and then renewed at once. */
const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 10_000);
const GROWTH = {
  courses: Number(process.env.BENCH_GROWTH_COURSES ?? 1_000),
  learners: Number(process.env.BENCH_GROWTH_LEARNERS ?? 100_000),
  orders: Number(process.env.BENCH_GROWTH_ORDERS ?? 1_000_000),
};

/** A row of the HTTP table: the medians of its rounds, each round a bare-route load and then the row's. */
interface Row {
  name: string;
  generator: string;
  requestsPerSecond: number;
  bareRequestsPerSecond: number;
  p99Ms: number;
  /** Server CPU time per answered request (µs), the shop's and the bare route's, medians of the rounds. */
  cpuMicrosPerRequest: number | null;
  bareCpuMicrosPerRequest: number | null;
  /** The yardstick: the median of the rounds' shop/bare CPU-per-request ratios. */
  cpuRatio: number | null;
  cpuRatios: (number | null)[];
  /** The shop's and the bare route's CPU use over their loads (share of one CPU), medians. */
  serverBusy: number | null;
  bareServerBusy: number | null;
  /** Rounds whose load was held back by its generator (either side), and the verdicts seen. */
  verdicts: string[];
  non2xx: number;
  errors: number;
  baselineRatio: number | null;
  changePercent: number | null;
  mark: string;
}

/** Every load of the HTTP table: 100 connections for SECONDS unless told. */
function load(server: Running, url: string, options: Partial<LoadOptions> = {}): Promise<Measured> {
  return measureLoad(server.child.pid, url, { connections: CONNECTIONS, seconds: SECONDS, ...options });
}

const round1 = (value: number | null, places = 1) =>
  value === null ? null : Math.round(value * 10 ** places) / 10 ** places;

/** A row from its rounds, guarded against the baseline's ratio. */
function rowOf(name: string, rounds: { base: Measured; own: Measured }[], baselineRatio: number | undefined): Row {
  const ratios = rounds.map(({ base, own }) =>
    own.cpuMicrosPerRequest === null || !base.cpuMicrosPerRequest
      ? null
      : own.cpuMicrosPerRequest / base.cpuMicrosPerRequest,
  );
  const numbers = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  const cpuRatio = medianOf(numbers(ratios));
  const checked = guard(cpuRatio, baselineRatio);
  const generators = [...new Set(rounds.map((r) => r.own.generator))];
  return {
    name,
    generator: generators.join('+'),
    requestsPerSecond: medianOf(rounds.map((r) => r.own.requestsPerSecond)) ?? 0,
    bareRequestsPerSecond: medianOf(rounds.map((r) => r.base.requestsPerSecond)) ?? 0,
    p99Ms: medianOf(rounds.map((r) => r.own.p99Ms)) ?? 0,
    cpuMicrosPerRequest: round1(medianOf(numbers(rounds.map((r) => r.own.cpuMicrosPerRequest)))),
    bareCpuMicrosPerRequest: round1(medianOf(numbers(rounds.map((r) => r.base.cpuMicrosPerRequest)))),
    cpuRatio: round1(cpuRatio, 3),
    cpuRatios: ratios.map((r) => round1(r, 3)),
    serverBusy: round1(medianOf(numbers(rounds.map((r) => r.own.serverBusy))), 2),
    bareServerBusy: round1(medianOf(numbers(rounds.map((r) => r.base.serverBusy))), 2),
    verdicts: rounds.flatMap((r) => [`bare ${r.base.verdict}`, `shop ${r.own.verdict}`]),
    non2xx: rounds.reduce((sum, r) => sum + r.own.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.own.errors, 0),
    baselineRatio: baselineRatio ?? null,
    changePercent: checked.changePercent,
    mark: checked.mark,
  };
}

/** How a row's loads went: every round saturated, or how many were generator-bound or short of CPU. */
function loadNote(row: Row): string {
  const count = (verdict: string) => row.verdicts.filter((v) => v.endsWith(verdict)).length;
  const notes = [
    count('generator-bound') > 0 ? `${count('generator-bound')} generator-bound` : '',
    count('unsaturated') > 0 ? `${count('unsaturated')} short of CPU` : '',
  ].filter(Boolean);
  return notes.length === 0 ? 'saturated' : `${notes.join(', ')} of ${row.verdicts.length}`;
}

function printHttp(rows: Row[]): void {
  console.log(
    `HTTP rows: server CPU time per answered request from /proc/<pid>/stat (utime+stime, ${1000 / TICKS_PER_SECOND} ms ticks), ` +
      `${CONNECTIONS} connections, ${SECONDS} s per load in ${SLICE} s turns with the bare route's, ${ROUNDS} rounds, medians. The guard: a row's CPU x bare ` +
      `more than ${WORSE_THRESHOLD * 100} % above bench/baseline.json's is marked.`,
  );
  console.table(
    rows.map((r) => ({
      endpoint: r.name,
      'req/s': r.requestsPerSecond,
      'bare req/s': r.bareRequestsPerSecond,
      'CPU µs/req': r.cpuMicrosPerRequest,
      'bare CPU µs/req': r.bareCpuMicrosPerRequest,
      'CPU x bare': r.cpuRatio,
      baseline: r.baselineRatio ?? '-',
      change: formatChange(r.changePercent),
      guard: r.mark,
      'p99 ms': r.p99Ms,
      'non-2xx/errors': `${r.non2xx}/${r.errors}`,
    })),
  );
  console.table(
    rows.map((r) => ({
      endpoint: r.name,
      generator: r.generator,
      'shop CPU busy': r.serverBusy,
      'bare CPU busy': r.bareServerBusy,
      loads: loadNote(r),
      'rounds (CPU x bare)': r.cpuRatios.join(' / '),
    })),
  );
  const worse = rows.filter((r) => r.mark.startsWith('WORSE'));
  if (worse.length > 0) console.log(`WORSE than the baseline: ${worse.map((r) => r.name).join('; ')}`);
}

type VideoDelivery = Awaited<ReturnType<typeof measureVideoDelivery>>;

/** The video rows measured against the bare route, guarded as the HTTP rows are. */
function guardVideo(video: VideoDelivery) {
  return video.rows
    .filter((row) => row.unit === 'requestsPerSecond')
    .map((row) => {
      const name = `video: ${row.name}`;
      const baselineRatio = baselineFile?.rows[name]?.cpuRatio;
      return {
        name,
        cpuRatio: row.cpuRatio,
        cpuMicrosPerRequest: row.cpuMicrosPerRequest,
        bareCpuMicrosPerRequest: row.referenceCpuMicrosPerRequest,
        baselineRatio: baselineRatio ?? null,
        ...guard(row.cpuRatio, baselineRatio),
        row,
      };
    });
}

function printVideo(video: VideoDelivery, videoRows: ReturnType<typeof guardVideo>): void {
  console.log('video delivery (the segment against @fastify/static, the rest against the bare route):');
  console.table(
    video.rows.map((row) => {
      const guarded = videoRows.find((v) => v.row === row);
      return {
        figure: row.name,
        own: row.own,
        reference: row.reference,
        ratio: row.ratio,
        'CPU µs/req': row.cpuMicrosPerRequest,
        'reference CPU µs/req': row.referenceCpuMicrosPerRequest,
        'CPU x reference': row.cpuRatio,
        baseline: guarded?.baselineRatio ?? '-',
        change: guarded ? formatChange(guarded.changePercent) : '-',
        guard: guarded?.mark ?? '-',
        'p99 ms': row.p99Ms,
      };
    }),
  );
  const worse = videoRows.filter((r) => r.worse);
  if (worse.length > 0) console.log(`WORSE than the baseline: ${worse.map((r) => r.name).join('; ')}`);
}

function readBaseline(): BaselineFile | null {
  try {
    return JSON.parse(fs.readFileSync(BASELINE_FILE, 'utf8')) as BaselineFile;
  } catch {
    return null;
  }
}

/** `--write-baseline` (or BENCH_WRITE_BASELINE=1): this run's ratios become bench/baseline.json's. */
function writeBaseline(rows: Parameters<typeof nextBaseline>[2]): void {
  const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim();
  const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter(Boolean).length;
  const measured = {
    date: new Date().toISOString(),
    commit,
    uncommittedFiles: dirty,
    node: process.version,
    secondsPerLoad: SECONDS,
    sliceSeconds: SLICE,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    generator: hasWrk ? 'wrk for fixed requests, autocannon for scripted ones' : 'autocannon',
    ticksPerSecond: TICKS_PER_SECOND,
    pinned: pinning,
    httpOnly: HTTP_ONLY,
    lighthouse: process.env.BENCH_LIGHTHOUSE !== '0',
  };
  fs.writeFileSync(BASELINE_FILE, `${JSON.stringify(nextBaseline(readBaseline(), measured, rows), null, 2)}\n`);
  console.log(`wrote ${path.relative(root, BASELINE_FILE)}`);
}

/** Complete purchases (create-order, sandbox payment, verify-payment) by many learners at once. */
async function purchases(shop: Running, data: BenchData, seconds: number, concurrency = 32) {
  const courses = data.courses();
  const buyers = data.learners(Math.max(2_000, 600 * seconds), (i) => [courses[i % courses.length]?.id ?? '']);
  let next = 0;
  let completed = 0;
  let errors = 0;
  const firstError: string[] = [];
  /** The last purchases' own order ids with their buyers, for the invoice figure. */
  const bought: { orderId: string; token: string }[] = [];
  const deadline = Date.now() + seconds * 1000;
  const worker = async () => {
    while (Date.now() < deadline && next < buyers.length) {
      const index = next++;
      const buyer = buyers[index];
      const course = courses[index % courses.length];
      if (!buyer || !course) return;
      try {
        const order = await post(`${shop.url}/api/create-order`, buyer.token, {
          amount: course.price_paise / 100,
          name: 'Bench Buyer',
          email: 'bench@example.com',
        });
        if (order.status !== 200) throw new Error(`create-order ${order.status} ${JSON.stringify(order.json)}`);
        const paid = await post(`${shop.url}/api/sandbox/pay`, buyer.token, {
          order_id: order.json.order_id,
          outcome: 'captured',
        });
        if (paid.status !== 200) throw new Error(`sandbox pay ${paid.status}`);
        const verified = await post(`${shop.url}/api/verify-payment`, buyer.token, paid.json);
        if (verified.status !== 200) throw new Error(`verify ${verified.status}`);
        completed++;
        // The last purchases: their confirmations wait at the end of the mail queue, so their invoices are
        // not yet rendered (the pass takes the oldest first) and the invoice figure measures a render.
        bought.push({ orderId: String(verified.json.orderId), token: buyer.token });
        if (bought.length > INVOICES) bought.shift();
      } catch (error) {
        errors++;
        if (firstError.length < 3) firstError.push((error as Error).message);
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (Date.now() - started) / 1000;
  return {
    seconds: Math.round(elapsed),
    completed,
    errors,
    perSecond: Math.round(completed / elapsed),
    firstErrors: firstError,
    bought,
  };
}

/**
 * Certificate PDFs (issue 14: under 200 ms, off the progress saves' path): `learners` each give the name
 * to print, play every lesson of the course (their positions then count as watched) and complete it
 * through the player's calls (the last save issues the certificate), then each downloads their
 * certificate once, one after another: each download is a first render.
 */
async function certificateDownloads(
  shop: Running,
  data: BenchData,
  courseId: string,
  lessons: string[],
  learners: { token: string }[],
) {
  const times: number[] = [];
  for (const { token } of learners) {
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const named = await fetch(`${shop.url}${certificatePaths.name}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ certificateName: 'Bench Learner' }),
    });
    if (named.status !== 200) throw new Error(`certificate name ${named.status}`);
    for (const lesson of lessons) {
      const res = await fetch(`${shop.url}/api/learn/${courseId}/lessons/${lesson}/progress`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ positionSeconds: 1, completed: false }),
      });
      if (res.status !== 200) throw new Error(`progress ${res.status}`);
    }
    data.markWatched(courseId);
    let certificateId: unknown = null;
    for (const lesson of lessons) {
      const res = await fetch(`${shop.url}/api/learn/${courseId}/lessons/${lesson}/progress`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ positionSeconds: 0, completed: true }),
      });
      if (res.status !== 200) throw new Error(`progress ${res.status}`);
      certificateId = ((await res.json()) as { certificateId: unknown }).certificateId;
    }
    if (typeof certificateId !== 'string') throw new Error('completing every lesson issued no certificate');
    const started = process.hrtime.bigint();
    const res = await fetch(`${shop.url}/api/certificates/${certificateId}/pdf`, { headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    if (res.status !== 200 || bytes < 1000)
      throw new Error(`certificate ${certificateId}: ${res.status}, ${bytes} bytes`);
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  const sorted = [...times].sort((x, y) => x - y);
  const at = (q: number) =>
    Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
  return { certificates: times.length, medianMs: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
}

/** Invoices in the invoice figure: each downloaded twice, within the limit of 60 downloads a minute per address. */
const INVOICES = 25;

/**
 * Tax-invoice PDFs (issue 16: under 150 ms each): each of `paid`'s invoices downloaded by its buyer one
 * after another, first the render (nothing cached yet), then the same again from the shop's memory.
 */
async function invoiceDownloads(shop: Running, paid: { orderId: string; token: string }[]) {
  const timesFor = async () => {
    const times: number[] = [];
    for (const { orderId, token } of paid) {
      const started = process.hrtime.bigint();
      const res = await fetch(`${shop.url}/api/orders/${orderId}/invoice`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200 || bytes < 1000) throw new Error(`invoice ${orderId}: ${res.status}, ${bytes} bytes`);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const sorted = [...times].sort((x, y) => x - y);
    const at = (q: number) =>
      Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0) * 10) / 10;
    return { medianMs: at(0.5), p95Ms: at(0.95), maxMs: at(1) };
  };
  const rendered = await timesFor();
  return { invoices: paid.length, rendered, cached: await timesFor() };
}

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;

interface Probe {
  url: string;
  token: string;
  paths: Record<string, string>;
}

/** A learner with two courses in the cart and five enrolments, and the paths the growth figure times. */
function probeFor(shop: Running, data: BenchData): Probe {
  const courses = data.courses();
  const [learner] = data.learners(1, () => [courses[0]?.id ?? '', courses[1]?.id ?? '']);
  for (const course of courses.slice(2, 7)) data.enrol([learner?.id ?? ''], course.id);
  return {
    url: shop.url,
    token: learner?.token ?? '',
    paths: {
      profile: '/api/profile',
      cart: '/api/cart',
      'enrolled-courses': '/api/enrolled-courses',
      'course detail': `/api/courses/${courses[3]?.id}`,
    },
  };
}

async function timed(probe: Probe, name: string): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await fetch(`${probe.url}${probe.paths[name]}`, {
    headers: { authorization: `Bearer ${probe.token}` },
  });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${probe.paths[name]} answered ${response.status}`);
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * Median latency of sequential requests to the small and the big database's servers, both running, the
 * requests alternating between them so that the machine's drift (its speed changes from minute to
 * minute) falls on both alike. Each path is called 500 times on each server first, so the JIT has
 * compiled it in both processes.
 */
async function compareLatencies(small: Probe, big: Probe): Promise<Record<string, { small: number; big: number }>> {
  const result: Record<string, { small: number; big: number }> = {};
  for (const name of Object.keys(small.paths)) {
    for (let i = 0; i < 500; i++) {
      await timed(small, name);
      await timed(big, name);
    }
    const times = { small: [] as number[], big: [] as number[] };
    for (let i = 0; i < 300; i++) {
      times.small.push(await timed(small, name));
      times.big.push(await timed(big, name));
    }
    const ms = (values: number[]) => Math.round(median(values) * 1000) / 1000;
    result[name] = { small: ms(times.small), big: ms(times.big) };
  }
  return result;
}

async function main() {
  pinSelf();
  // The shop is measured as `npm start` runs it: the production web build and the server bundle.
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) throw new Error('build failed');
  const report: Record<string, unknown> = {
    date: new Date().toISOString(),
    machine: { node: process.version, pinned: pinning },
    secondsPerLoad: SECONDS,
    connections: CONNECTIONS,
  };

  // Throughput against the baseline.
  const baseline = await start('bench/baseline-server.ts', {}, '/');
  const dataDir = tempDir('main');
  const shop = await startShop(dataDir);
  const data = new BenchData(path.join(dataDir, 'shop.sqlite'));
  const courses = data.courses();
  const [cartUser] = data.learners(1);
  const bearer = { authorization: `Bearer ${cartUser?.token}`, 'content-type': 'application/json' };
  // A first start transcodes the demo's clips in the background; that work would count as the first
  // rows' CPU (and a row run alone with --rows would be measured beside it), so the rows wait for it.
  // The clips are queued by a job a few seconds after the start (none without ffmpeg): up to 30 s for
  // them to appear, then up to 5 minutes for the last to be done.
  const second = () => new Promise((resolve) => setTimeout(resolve, 1000));
  const ffmpeg = spawnSync(process.env.FFMPEG_PATH ?? 'ffmpeg', ['-version']).status === 0;
  for (let waited = 0; ffmpeg && data.videoJobs().all === 0 && waited < 30; waited += 1) await second();
  for (let waited = 0; data.videoJobs().pending > 0 && waited < 300; waited += 1) {
    if (waited % 10 === 0) console.log(`waiting for ${data.videoJobs().pending} demo clips to be transcoded...`);
    await second();
  }
  console.log('warming up...');
  if (!hasWrk) console.log(WRK_HINT);
  await load(baseline, `${baseline.url}/`, { seconds: 3 });
  await load(shop, `${shop.url}/api/courses`, { seconds: 3 });
  // Each row is loaded in ROUNDS rounds, each right after a bare-route load of its own. Its figure is the
  // median of the rounds' CPU-per-request ratios (shop / bare route): this shared machine's speed drifts
  // from minute to minute, and its req/s with it, while the CPU a request costs moves much less.
  const rows: Row[] = [];
  /** The server's peak memory (VmHWM, MB) after each phase, to see which one raises it. */
  const peakAfter: Record<string, number | null> = { start: shop.peakRssMb() };
  const run = async (name: string, url: string, options?: Omit<LoadOptions, 'connections' | 'seconds'>) => {
    if (ONLY_ROWS && !name.includes(ONLY_ROWS)) return;
    const rounds: { base: Measured; own: Measured }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(
        `loading ${name}, round ${round} of ${ROUNDS} (it and the bare route, ${SECONDS} s each in ${SLICE} s turns)...`,
      );
      const [base, own] = await measurePair(
        { pid: baseline.child.pid, url: `${baseline.url}/`, options: { connections: CONNECTIONS, seconds: SECONDS } },
        { pid: shop.child.pid, url, options: { connections: CONNECTIONS, seconds: SECONDS, ...options } },
        SECONDS,
        SLICE,
      );
      rounds.push({ base, own });
    }
    peakAfter[name] = shop.peakRssMb();
    rows.push(rowOf(name, rounds, baselineFile?.rows[name]?.cpuRatio));
  };
  await run('GET /api/courses', `${shop.url}/api/courses`);
  await run('GET /api/courses/:id', `${shop.url}/api/courses/${courses[0]?.id}`);
  // The same calls as the web app makes them: a browser's fetch always offers compression, and the
  // catalogue answers are kept compressed (catalog/response-cache.ts), so about 1 KB crosses instead of 3.5.
  const browser = { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } };
  await run('GET /api/courses (as a browser asks)', `${shop.url}/api/courses`, browser);
  await run('GET /api/courses/:id (as a browser asks)', `${shop.url}/api/courses/${courses[0]?.id}`, browser);
  // A course page's memberships that include the course (issue 34): asked by every course page.
  await run('GET /api/plans?courseId=', `${shop.url}/api/plans?courseId=${courses[0]?.id}`);
  await run('GET /api/cart (signed in)', `${shop.url}/api/cart`, { headers: bearer });
  // Each connection is one learner adding and removing a course. autocannon gives a connection a fresh
  // context each time it has gone through its request list, so the list is 50 add + remove pairs and the
  // next learner comes from a ring far larger than the number of connections: no two connections ever
  // share a learner (their adds and removes would cross).
  const cartUsers = data.learners(CONNECTIONS * 50);
  let nextUser = 0;
  const courseBody = JSON.stringify({ courseId: courses[1]?.id });
  const asUser = (path: string) => ({
    method: 'POST' as const,
    path,
    body: courseBody,
    setupRequest: (request: autocannon.Request, context: object) => {
      const own = context as { token?: string };
      own.token ??= cartUsers[nextUser++ % cartUsers.length]?.token;
      return { ...request, headers: { authorization: `Bearer ${own.token}`, 'content-type': 'application/json' } };
    },
  });
  await run('POST /api/cart/add + /remove (signed in)', `${shop.url}/api/cart`, {
    requests: Array.from({ length: 50 }, () => [asUser('/api/cart/add'), asUser('/api/cart/remove')]).flat(),
  });
  // The player (issue 14): a course's outline with the learner's progress, and the position save the
  // player sends every 10 s while a video plays. Each connection is one enrolled learner, as above.
  const learnCourse = courses[0]?.id ?? '';
  const [firstLesson] = data.lessons(learnCourse);
  const learners = data.learners(CONNECTIONS * 4);
  data.enrol(
    learners.map((learner) => learner.id),
    learnCourse,
  );
  await run('GET /api/learn/:courseId (enrolled)', `${shop.url}/api/learn/${learnCourse}`, {
    headers: { authorization: `Bearer ${learners[0]?.token}` },
  });
  // The player's answer on a course with scheduled release (issue 35): a rule on every lesson, so each
  // call reads the learner's enrolment and cohort and works out every lesson's opening on top of the above.
  const dripCourse = courses[1]?.id ?? '';
  data.releaseDaily(dripCourse);
  const dripLearners = data.learners(CONNECTIONS);
  data.enrol(
    dripLearners.map((learner) => learner.id),
    dripCourse,
  );
  await run('GET /api/learn/:courseId (enrolled, drip rules)', `${shop.url}/api/learn/${dripCourse}`, {
    headers: { authorization: `Bearer ${dripLearners[0]?.token}` },
  });
  // The dashboard's upcoming live sessions (issue 35): the demo schedule's sessions not ended, each checked
  // against the learner's courses and memberships (a weekly series asks about its course once).
  await run('GET /api/live-sessions (enrolled)', `${shop.url}/api/live-sessions`, {
    headers: { authorization: `Bearer ${learners[0]?.token}` },
  });
  // The community (issue 36): a course's space with 20 threads, its first page as a member reads it (the
  // membership asked afresh, the pinned and newest threads with their authors and counts).
  if (!ONLY_ROWS || 'GET /api/spaces/:id/threads (member)'.includes(ONLY_ROWS)) {
    const auth = (token: string | undefined) => ({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    });
    const spaces = (await (await fetch(`${shop.url}/api/spaces`, { headers: auth(learners[0]?.token) })).json()) as {
      spaces: { id: string; courseId: string | null }[];
    };
    const space = spaces.spaces.find((s) => s.courseId === learnCourse);
    for (let i = 0; i < 20; i++)
      await fetch(`${shop.url}/api/spaces/${space?.id}/threads`, {
        method: 'POST',
        headers: auth(learners[1 + Math.floor(i / 2)]?.token),
        body: JSON.stringify({ title: `Bench thread ${i}`, body: `Some **Markdown** body ${i}.`, kind: 'question' }),
      });
    await run('GET /api/spaces/:id/threads (member)', `${shop.url}/api/spaces/${space?.id}/threads`, {
      headers: { authorization: `Bearer ${learners[0]?.token}` },
    });
  }
  // autocannon gives a connection a fresh context for each pass through a one-request list, so the
  // learners and the growing positions come from counters here.
  let saves = 0;
  await run('POST /api/learn/.../progress (enrolled)', `${shop.url}/api/learn`, {
    requests: [
      {
        method: 'POST',
        path: `/api/learn/${learnCourse}/lessons/${firstLesson}/progress`,
        setupRequest: (request: autocannon.Request) => {
          const save = saves++;
          const token = learners[save % learners.length]?.token;
          return {
            ...request,
            body: JSON.stringify({
              positionSeconds: (10 * Math.floor(save / learners.length)) % 3600,
              completed: false,
            }),
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          };
        },
      },
    ],
  });
  await baseline.stop();
  report.http = rows;
  if (ONLY_ROWS) {
    printHttp(rows);
    data.close();
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  if (HTTP_ONLY) {
    printHttp(rows); // first: the video part below may fail on its own
    const video = await measureVideoDelivery(shop, data, dataDir);
    report.videoDelivery = video;
    const videoRows = guardVideo(video);
    data.close();
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(report, null, 2)}\n`);
    printVideo(video, videoRows);
    if (WRITE_BASELINE) writeBaseline([...rows, ...videoRows]);
    return;
  }
  console.log('certificate PDFs: 20 learners complete the course, then each downloads their certificate...');
  report.certificatePdf = await certificateDownloads(
    shop,
    data,
    learnCourse,
    data.lessons(learnCourse),
    learners.slice(-20),
  );
  peakAfter['certificate PDFs'] = shop.peakRssMb();

  console.log(`purchases for ${SECONDS * 3} s...`);
  const { bought, ...purchased } = await purchases(shop, data, SECONDS * 3);
  report.purchases = purchased;
  peakAfter.purchases = shop.peakRssMb();
  console.log(`${bought.length} invoice PDFs, each rendered then downloaded again...`);
  report.invoicePdf = await invoiceDownloads(shop, bought);
  peakAfter['invoice PDFs'] = shop.peakRssMb();
  console.log(`memberships: ${SUBSCRIPTIONS} learners subscribe and verify, then one renewal run charges them all...`);
  report.subscribeAndVerify = await subscribeAndVerify(shop, data, SUBSCRIPTIONS);
  peakAfter.subscriptions = shop.peakRssMb();
  report.renewalRun = { due: SUBSCRIPTIONS, ...(await renewalRun(dataDir)) };
  report.serverPeakRssMb = shop.peakRssMb();
  report.serverPeakRssMbAfter = peakAfter;
  report.videoTranscode = await measureVideoTranscode(shop, data, dataDir);
  const video = await measureVideoDelivery(shop, data, dataDir);
  report.videoDelivery = video;
  const videoRows = guardVideo(video);
  const smallProbe = probeFor(shop, data);

  // Growth: the same per-request latencies on a database filled to size.
  console.log(
    `growing a database to ${GROWTH.learners} learners, ${GROWTH.orders} orders, ${GROWTH.courses} courses...`,
  );
  const bigDir = tempDir('growth');
  const seeder = await startShop(bigDir);
  await seeder.stop();
  const grownAt = Date.now();
  growDatabase(path.join(bigDir, 'shop.sqlite'), GROWTH);
  // The generated file is several hundred MB of dirty pages: let the kernel write them out now, not while
  // the big database's latencies are being timed.
  const generatedAt = Date.now();
  spawnSync('sync');
  const bigShop = await startShop(bigDir);
  const bigData = new BenchData(path.join(bigDir, 'shop.sqlite'));
  const latencies = await compareLatencies(smallProbe, probeFor(bigShop, bigData));
  bigData.close();
  await bigShop.stop();
  data.close();
  await shop.stop();
  report.growth = {
    sizes: GROWTH,
    generateSeconds: Math.round((generatedAt - grownAt) / 1000),
    medianMs: Object.fromEntries(
      Object.entries(latencies).map(([name, { small, big }]) => [
        name,
        { small, big, ratio: Math.round((big / small) * 100) / 100 },
      ]),
    ),
  };
  report.web = bundleSizes();

  if (process.env.BENCH_LIGHTHOUSE !== '0') {
    console.log('lighthouse (mobile defaults, median of 3 runs per page)...');
    unpinSelf();
    report.lighthouse = await lighthouseReport();
  }

  // Issue 17: one process against two behind HAProxy, and purchases through two, on PostgreSQL (its own run).
  unpinSelf();
  const scaleOut = spawnSync('node', ['scripts/with-postgres.mjs', 'node', '--import', 'tsx', 'bench/scale-out.ts'], {
    cwd: root,
    encoding: 'utf8',
  });
  report.scaleOut = JSON.parse(/^scale-out: (.*)$/m.exec(scaleOut.stdout)?.[1] ?? 'null');

  fs.writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(report, null, 2)}\n`);
  printHttp(rows);
  console.log('purchases:', report.purchases);
  console.log('scale-out (one process vs two behind HAProxy, PostgreSQL):', JSON.stringify(report.scaleOut));
  console.log('invoice PDF (target: under 150 ms):', report.invoicePdf);
  console.log('subscribe-and-verify (sandbox mandate):', report.subscribeAndVerify);
  console.log('renewal run (npm run cli -- sandbox:renew, its own process):', report.renewalRun);
  console.log('certificate PDF (target: under 200 ms):', report.certificatePdf);
  console.log(`server peak RSS under load: ${report.serverPeakRssMb} MB; after each phase:`, peakAfter);
  console.table((report.growth as { medianMs: Record<string, object> }).medianMs);
  const web = report.web as ReturnType<typeof bundleSizes>;
  if (web) {
    console.log(`web: home page JavaScript ${web.homePageGzipKb} KB gzip (entry ${web.entryGzipKb} KB)`);
    console.table(web.routes.map((r) => ({ route: r.route, 'gzip KB': r.gzipKb })));
  }
  if (report.lighthouse) {
    printLighthouse(report.lighthouse as PageScores[]);
  }
  printVideo(video, videoRows);
  for (const dir of [dataDir, bigDir]) fs.rmSync(dir, { recursive: true, force: true });
  if (WRITE_BASELINE) writeBaseline([...rows, ...videoRows]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
