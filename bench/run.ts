import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import autocannon from 'autocannon';

/**
 * `npm run bench`: each figure is a ratio to a bare Fastify route measured in the same run, so the
 * numbers compare across machines. Servers run pinned to CPU 0 (taskset, when present), this load
 * generator on CPU 1. Writes bench/results.json and prints a table.
 */
const root = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 100;
const hasTaskset = spawnSync('sh', ['-c', 'command -v taskset']).status === 0 && os.cpus().length > 1;

function pinned(cpu: number, command: string, args: string[]): [string, string[]] {
  return hasTaskset ? ['taskset', ['-c', String(cpu), command, ...args]] : [command, args];
}
if (hasTaskset) spawnSync('taskset', ['-cp', '1', String(process.pid)]);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: server exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer in 60 s`);
}

function rssPeakMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = status.match(/VmHWM:\s+(\d+) kB/);
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

interface Load {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

async function load(target: Load, seconds = DURATION) {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    name: target.name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function bundleSizes() {
  const dist = path.join(root, 'apps/web/dist');
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) return null;
  type Entry = { file: string; imports?: string[]; isEntry?: boolean; src?: string; isDynamicEntry?: boolean };
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Entry>;
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? '';
  const entryFiles = closure(entryKey);
  const kb = (keys: Iterable<string>) =>
    Math.round(([...keys].reduce((sum, key) => sum + gz(manifest[key]?.file ?? ''), 0) / 1024) * 10) / 10;
  const routes = Object.entries(manifest)
    .filter(([, entry]) => entry.isDynamicEntry)
    .map(([key, entry]) => {
      const own = [...closure(key)].filter((k) => !entryFiles.has(k));
      return { route: path.basename(entry.src ?? key), gzipKb: kb(own) };
    })
    .sort((a, b) => b.gzipKb - a.gzipKb);
  const homeKey = Object.keys(manifest).find((key) => key.endsWith('features/home/home-page.tsx')) ?? '';
  const home = new Set([...entryFiles, ...closure(homeKey)]);
  return { entryGzipKb: kb(entryFiles), homePageGzipKb: kb(home), routes };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const [basePort, shopPort] = [await freePort(), await freePort()];
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const child of children) child.kill('SIGTERM');
  };
  process.on('exit', stop);

  const [bCmd, bArgs] = pinned(0, process.execPath, ['--import', 'tsx', path.join(root, 'bench/baseline-server.ts')]);
  const baseline = spawn(bCmd, bArgs, { env: { ...process.env, PORT: String(basePort) }, stdio: 'inherit' });
  children.push(baseline);
  const [sCmd, sArgs] = pinned(0, process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')]);
  const shop = spawn(sCmd, sArgs, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(shopPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: 'inherit',
  });
  children.push(shop);
  const base = `http://127.0.0.1:${basePort}`;
  const shopUrl = `http://127.0.0.1:${shopPort}`;
  await waitFor(`${base}/`, baseline);
  await waitFor(`${shopUrl}/api/health`, shop);

  const courses = (await (await fetch(`${shopUrl}/api/courses`)).json()) as { courses: { _id: string }[] };
  const courseId = courses.courses[0]?._id;

  console.log(`warming up (${CONNECTIONS} connections)...`);
  await load({ name: 'warm', url: `${base}/` }, 3);
  await load({ name: 'warm', url: `${shopUrl}/api/courses` }, 3);

  const targets: Load[] = [
    { name: 'baseline GET / (bare Fastify)', url: `${base}/` },
    { name: 'GET /api/courses', url: `${shopUrl}/api/courses` },
    { name: 'GET /api/courses/:id', url: `${shopUrl}/api/courses/${courseId}` },
  ];
  const results = [];
  for (const target of targets) {
    console.log(`loading ${target.name} for ${DURATION} s...`);
    results.push(await load(target));
  }
  const baselineRps = results[0]?.requestsPerSecond ?? 1;
  const rows = results.map((r) => ({ ...r, ratio: Math.round((r.requestsPerSecond / baselineRps) * 100) / 100 }));
  const report = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, pinned: hasTaskset },
    durationSeconds: DURATION,
    connections: CONNECTIONS,
    http: rows,
    serverPeakRssMb: rssPeakMb(shop.pid),
    web: bundleSizes(),
  };
  fs.writeFileSync(path.join(root, 'bench/results.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.table(
    rows.map((r) => ({
      endpoint: r.name,
      'req/s': r.requestsPerSecond,
      'x baseline': r.ratio,
      'p99 ms': r.p99Ms,
      errors: r.errors,
    })),
  );
  console.log(`server peak RSS: ${report.serverPeakRssMb} MB`);
  if (report.web) {
    console.log(`web: home page JS ${report.web.homePageGzipKb} KB gzip (entry ${report.web.entryGzipKb} KB)`);
    console.table(report.web.routes.map((r) => ({ route: r.route, 'gzip KB': r.gzipKb })));
  }
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
