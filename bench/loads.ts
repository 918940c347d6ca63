// HTTP loads with the server's CPU time read around them (decision 0034). A load that needs no per-request
// script (a fixed URL and headers) goes through wrk when it is installed: a C load generator that keeps
// even the bare route's one CPU busy, where autocannon (JavaScript, one thread) was measured to be the
// bottleneck (decision 0034's table). Scripted loads (each connection its own learner, counters in the
// body) go through autocannon, which keeps those slower rows saturated; every load says whether it did.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMicrosPerRequest, type LoadVerdict, loadVerdict, median, parseProcStat, ticksOf } from './yardstick.js';

/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux: 10 ms per tick). */
export const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

const hasProc = fs.existsSync('/proc/self/stat');
export const hasWrk = spawnSync('sh', ['-c', 'command -v wrk']).status === 0;
export const WRK_HINT = 'wrk is not installed: loads go through autocannon (on Debian: apt-get install -y wrk)';

/**
 * The CPU ticks so far of a server process and its descendants: its own threads (worker threads
 * included, they are its threads), its children that ended, and those still running. The bench starts
 * servers through `taskset -c 0 node ...`; taskset replaces itself with node, so the pid is the server's.
 */
export function processTreeTicks(pid: number): number {
  let total = ticksOf(parseProcStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')));
  for (const child of childrenOf(pid)) {
    try {
      total += processTreeTicks(child);
    } catch {
      // It ended between the listing and the read: its time is in the parent's children's time.
    }
  }
  return total;
}

function childrenOf(pid: number): number[] {
  const found: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const text = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      if (text) found.push(...text.split(/\s+/).map(Number));
    }
  } catch {
    // No children file (a kernel without CONFIG_PROC_CHILDREN): the process's own time only.
  }
  return found;
}

export interface Measured {
  generator: 'wrk' | 'autocannon';
  requests: number;
  bytes: number;
  requestsPerSecond: number;
  /** Bytes received (headers and bodies), MB per second. */
  megabytesPerSecond: number;
  p99Ms: number;
  /** Answers with a 2xx status (wrk: every answer below 400): the divisor of the CPU per request. */
  answered: number;
  non2xx: number;
  /** Socket errors and timeouts. */
  errors: number;
  wallSeconds: number;
  serverCpuSeconds: number | null;
  generatorCpuSeconds: number | null;
  /** Server CPU time per answered request, in µs; null without /proc. */
  cpuMicrosPerRequest: number | null;
  /** Share of one CPU the server and the generator used over the load. */
  serverBusy: number | null;
  generatorBusy: number | null;
  verdict: LoadVerdict | null;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  /** A scripted request list: always autocannon. */
  requests?: autocannon.Request[];
  /** Force autocannon (when comparing generators). */
  generator?: 'wrk' | 'autocannon';
}

interface Raw {
  requests: number;
  bytes: number;
  answered: number;
  non2xx: number;
  errors: number;
  p99Ms: number;
  generatorCpuSeconds: number | null;
}

/** One load on `url`, the server `serverPid`'s CPU time read before and after. */
export async function measureLoad(serverPid: number | undefined, url: string, options: LoadOptions): Promise<Measured> {
  const useWrk = options.generator ? options.generator === 'wrk' : hasWrk && !options.requests;
  if (useWrk && options.requests) throw new Error('wrk cannot run a scripted request list here');
  const read = () => (hasProc && serverPid ? processTreeTicks(serverPid) : null);
  const before = read();
  const started = process.hrtime.bigint();
  const raw = useWrk ? await wrk(url, options) : await cannon(url, options);
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const after = read();
  const ticks = before !== null && after !== null ? after - before : null;
  const serverCpuSeconds = ticks === null ? null : ticks / TICKS_PER_SECOND;
  const serverBusy = serverCpuSeconds === null ? null : serverCpuSeconds / wallSeconds;
  const generatorBusy = raw.generatorCpuSeconds === null ? null : raw.generatorCpuSeconds / wallSeconds;
  return {
    generator: useWrk ? 'wrk' : 'autocannon',
    requests: raw.requests,
    bytes: raw.bytes,
    requestsPerSecond: Math.round(raw.requests / wallSeconds),
    megabytesPerSecond: Math.round(raw.bytes / wallSeconds / 1e5) / 10,
    p99Ms: raw.p99Ms,
    answered: raw.answered,
    non2xx: raw.non2xx,
    errors: raw.errors,
    wallSeconds,
    serverCpuSeconds,
    generatorCpuSeconds: raw.generatorCpuSeconds,
    cpuMicrosPerRequest: ticks === null ? null : cpuMicrosPerRequest(ticks, TICKS_PER_SECOND, raw.answered),
    serverBusy,
    generatorBusy,
    verdict: serverBusy === null || generatorBusy === null ? null : loadVerdict(serverBusy, generatorBusy),
  };
}

/**
 * Two loads measured side by side in time: `seconds` of each, cut into slices of `slice` seconds that
 * alternate (a, b, a, b, ...), so that whatever the host does to this machine's speed over those seconds
 * falls on both alike. Each side's slices are added up into one measurement.
 */
export async function measurePair(
  a: { pid: number | undefined; url: string; options: LoadOptions },
  b: { pid: number | undefined; url: string; options: LoadOptions },
  seconds: number,
  slice: number,
): Promise<[Measured, Measured]> {
  const sliced: [Measured[], Measured[]] = [[], []];
  for (let left = seconds; left > 0; left -= slice) {
    const length = Math.min(slice, left);
    sliced[0].push(await measureLoad(a.pid, a.url, { ...a.options, seconds: length }));
    sliced[1].push(await measureLoad(b.pid, b.url, { ...b.options, seconds: length }));
  }
  return [combine(sliced[0]), combine(sliced[1])];
}

/** Slices of one load added up: counts and CPU summed, p99 the slices' median, rates over the summed time. */
export function combine(slices: Measured[]): Measured {
  const [first] = slices;
  if (!first) throw new Error('no slices');
  const sum = (pick: (m: Measured) => number) => slices.reduce((total, m) => total + pick(m), 0);
  const sumOrNull = (pick: (m: Measured) => number | null) =>
    slices.some((m) => pick(m) === null) ? null : sum((m) => pick(m) ?? 0);
  const wallSeconds = sum((m) => m.wallSeconds);
  const answered = sum((m) => m.answered);
  const serverCpuSeconds = sumOrNull((m) => m.serverCpuSeconds);
  const generatorCpuSeconds = sumOrNull((m) => m.generatorCpuSeconds);
  const serverBusy = serverCpuSeconds === null ? null : serverCpuSeconds / wallSeconds;
  const generatorBusy = generatorCpuSeconds === null ? null : generatorCpuSeconds / wallSeconds;
  return {
    generator: first.generator,
    requests: sum((m) => m.requests),
    bytes: sum((m) => m.bytes),
    requestsPerSecond: Math.round(sum((m) => m.requests) / wallSeconds),
    megabytesPerSecond: Math.round(sum((m) => m.bytes) / wallSeconds / 1e5) / 10,
    p99Ms: median(slices.map((m) => m.p99Ms)) ?? 0,
    answered,
    non2xx: sum((m) => m.non2xx),
    errors: sum((m) => m.errors),
    wallSeconds,
    serverCpuSeconds,
    generatorCpuSeconds,
    cpuMicrosPerRequest: serverCpuSeconds === null || answered === 0 ? null : (serverCpuSeconds / answered) * 1e6,
    serverBusy,
    generatorBusy,
    verdict: serverBusy === null || generatorBusy === null ? null : loadVerdict(serverBusy, generatorBusy),
  };
}

/** autocannon in this process: its CPU is this process's over the load (the bench does nothing else then). */
async function cannon(url: string, options: LoadOptions): Promise<Raw> {
  const cpu = process.cpuUsage();
  const result = await autocannon({
    url,
    headers: options.headers,
    requests: options.requests,
    connections: options.connections,
    duration: options.seconds,
  });
  const used = process.cpuUsage(cpu);
  const answered = (result['2xx'] as number | undefined) ?? result.requests.total - result.non2xx;
  return {
    requests: result.requests.total,
    bytes: result.throughput.total,
    answered,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    p99Ms: result.latency.p99,
    generatorCpuSeconds: (used.user + used.system) / 1e6,
  };
}

// wrk's summary as one line. Status errors are its answers with a status of 400 or more.
const WRK_SCRIPT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("WRK_RESULT %d %d %d %d %d %d %d %d\\n", summary.requests, e.connect, e.read, e.write,
    e.status, e.timeout, latency:percentile(99), summary.bytes))
end
`;
let wrkScript: string | null = null;

/**
 * wrk with one thread (on the bench's CPU: it inherits the bench's pinning). Its CPU time is read by the
 * shell that ran it: once wrk has ended and been waited for, its time is in the shell's children's time.
 */
async function wrk(url: string, options: LoadOptions): Promise<Raw> {
  if (!wrkScript) {
    wrkScript = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-wrk-')), 'summary.lua');
    fs.writeFileSync(wrkScript, WRK_SCRIPT);
  }
  const args = ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', wrkScript];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const shell = 'wrk "$@"; status=$?; read -r own < /proc/$$/stat; echo "SHELL_STAT $own"; exit $status';
  const child = spawn('sh', ['-c', shell, 'sh', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const result = /^WRK_RESULT (.*)$/m.exec(out)?.[1]?.split(' ').map(Number);
  if (code !== 0 || !result) throw new Error(`wrk failed (${code}): ${out.slice(-500)}`);
  const [requests = 0, connect = 0, readErrors = 0, write = 0, status = 0, timeout = 0, p99Micros = 0, bytes = 0] =
    result;
  const shellStat = /^SHELL_STAT (.*)$/m.exec(out)?.[1];
  const shellTimes = shellStat ? parseProcStat(shellStat) : null;
  return {
    requests,
    bytes,
    answered: requests - status,
    non2xx: status,
    errors: connect + readErrors + write + timeout,
    p99Ms: Math.round(p99Micros / 10) / 100,
    generatorCpuSeconds: shellTimes ? (shellTimes.cutime + shellTimes.cstime) / TICKS_PER_SECOND : null,
  };
}
