import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { combine, type Measured } from './loads';
import {
  cpuMicrosPerRequest,
  formatChange,
  guard,
  loadVerdict,
  median,
  nextBaseline,
  parseProcStat,
  ticksOf,
} from './yardstick';

// A real line's shape (Linux 6.x, 52 fields); utime 1234, stime 56, cutime 7, cstime 8.
const statLine = (comm: string) =>
  `4242 (${comm}) S 4000 4242 4000 0 -1 4194560 9000 0 0 0 1234 56 7 8 20 0 11 0 300 1200000000 60000 ` +
  '18446744073709551615 1 1 0 0 0 0 0 16781312 134234626 0 0 0 17 0 0 0 0 0 0 0 0 0 0 0 0 0 0';

describe('parseProcStat', () => {
  it('reads utime, stime (fields 14, 15) and the children times (16, 17)', () => {
    expect(parseProcStat(statLine('node'))).toEqual({ utime: 1234, stime: 56, cutime: 7, cstime: 8 });
  });

  it('counts fields after the last parenthesis, whatever the command name holds', () => {
    // A thread or process may name itself with spaces and parentheses ("node (vitest 1)" shows up in top).
    expect(parseProcStat(statLine('node (vitest 1) x'))).toEqual({ utime: 1234, stime: 56, cutime: 7, cstime: 8 });
  });

  it("reads this process's own stat file, whose times only grow", () => {
    if (!fs.existsSync('/proc/self/stat')) return;
    const before = ticksOf(parseProcStat(fs.readFileSync('/proc/self/stat', 'utf8')));
    // Spend 50 ms of CPU (not of wall time: the machine may be busy): about 5 ticks of 10 ms.
    const spent = process.cpuUsage();
    while (process.cpuUsage(spent).user < 50_000) Math.sqrt(Math.random());
    const after = ticksOf(parseProcStat(fs.readFileSync('/proc/self/stat', 'utf8')));
    expect(after).toBeGreaterThanOrEqual(before + 3);
  });

  it('refuses a line that is not a stat line', () => {
    expect(() => parseProcStat('Name: node')).toThrow();
    expect(() => parseProcStat('1 (x) S 1 2')).toThrow(/field 14/);
  });
});

describe('CPU per request', () => {
  it("adds the process's own and its ended children's ticks", () => {
    expect(ticksOf({ utime: 10, stime: 5, cutime: 3, cstime: 2 })).toBe(20);
    expect(ticksOf({ utime: 10, stime: 5, cutime: 3, cstime: 2 }, false)).toBe(15);
  });

  it('divides the CPU time by the answered requests, in microseconds', () => {
    // 950 ticks of 10 ms = 9.5 s of CPU for 250,000 answers: 38 µs each.
    expect(cpuMicrosPerRequest(950, 100, 250_000)).toBeCloseTo(38, 6);
    expect(cpuMicrosPerRequest(950, 100, 0)).toBeNull();
  });
});

describe('loadVerdict', () => {
  it('calls a server using 90 % of its CPU saturated, whatever the generator did', () => {
    expect(loadVerdict(0.95, 1)).toBe('saturated');
    expect(loadVerdict(0.9, 0.2)).toBe('saturated');
  });

  it('blames the generator when it was busy and the server was not', () => {
    expect(loadVerdict(0.7, 0.97)).toBe('generator-bound');
  });

  it('calls neither busy unsaturated (the host took the CPU)', () => {
    expect(loadVerdict(0.5, 0.3)).toBe('unsaturated');
  });
});

describe('guard against the baseline', () => {
  it('marks a ratio more than 15 % above the baseline as worse', () => {
    expect(guard(0.7, 0.6)).toEqual({ changePercent: 16.7, worse: true, mark: 'WORSE >15 %' });
  });

  it('lets 15 % or less pass, and a lower ratio (less CPU per request) is better, never marked', () => {
    expect(guard(0.69, 0.6)).toEqual({ changePercent: 15, worse: false, mark: 'ok' });
    expect(guard(1.149, 1)).toMatchObject({ worse: false });
    expect(guard(1.151, 1)).toMatchObject({ worse: true });
    expect(guard(0.3, 0.6)).toEqual({ changePercent: -50, worse: false, mark: 'ok' });
  });

  it('says so when there is no baseline or no figure', () => {
    expect(guard(0.5, undefined)).toMatchObject({ changePercent: null, worse: false, mark: 'new row (no baseline)' });
    expect(guard(null, 0.5)).toMatchObject({ worse: false, mark: 'no figure' });
  });

  it('prints the change with its sign', () => {
    expect(formatChange(16.7)).toBe('+16.7 %');
    expect(formatChange(-4)).toBe('-4 %');
    expect(formatChange(null)).toBe('-');
  });
});

describe('median', () => {
  it('takes the middle of the rounds and ignores missing figures', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([0.5, Number.NaN, 0.4, 0.6])).toBe(0.5);
    expect(median([])).toBeNull();
  });
});

describe('nextBaseline', () => {
  it("replaces the measured rows' ratios and keeps the rows a partial run did not measure", () => {
    const previous = {
      measured: { date: 'old' },
      rows: {
        a: { cpuRatio: 2, cpuMicrosPerRequest: 80, bareCpuMicrosPerRequest: 40 },
        b: { cpuRatio: 3, cpuMicrosPerRequest: 90, bareCpuMicrosPerRequest: 30 },
      },
    };
    const next = nextBaseline(previous, { date: 'new' }, [
      { name: 'a', cpuRatio: 1.83333, cpuMicrosPerRequest: 73.333, bareCpuMicrosPerRequest: 40 },
      { name: 'c', cpuRatio: null, cpuMicrosPerRequest: null, bareCpuMicrosPerRequest: 40 },
    ]);
    expect(next).toEqual({
      measured: { date: 'new' },
      rows: {
        a: { cpuRatio: 1.833, cpuMicrosPerRequest: 73.3, bareCpuMicrosPerRequest: 40 },
        b: previous.rows.b,
      },
    });
  });
});

describe('combine (the slices of one side of a round)', () => {
  const slice = (over: Partial<Measured>): Measured => ({
    generator: 'wrk',
    requests: 10_000,
    bytes: 1e6,
    requestsPerSecond: 5_000,
    megabytesPerSecond: 0.5,
    p99Ms: 10,
    answered: 10_000,
    non2xx: 0,
    errors: 0,
    wallSeconds: 2,
    serverCpuSeconds: 0.5,
    generatorCpuSeconds: 0.2,
    cpuMicrosPerRequest: 50,
    serverBusy: 0.25,
    generatorBusy: 0.1,
    verdict: 'unsaturated',
    ...over,
  });

  it('adds counts and CPU, so the CPU per request is the total over the total answered', () => {
    const both = combine([
      slice({}),
      slice({ requests: 30_000, answered: 29_000, non2xx: 1_000, serverCpuSeconds: 1.9, generatorCpuSeconds: 0.4 }),
    ]);
    expect(both).toMatchObject({ requests: 40_000, answered: 39_000, non2xx: 1_000, wallSeconds: 4 });
    expect(both.requestsPerSecond).toBe(10_000);
    expect(both.serverCpuSeconds).toBeCloseTo(2.4, 9);
    // 2.4 s over 39,000 answers, not the mean of the slices' 50 and 65.5 µs.
    expect(both.cpuMicrosPerRequest).toBeCloseTo(61.538, 2);
    expect(both.serverBusy).toBeCloseTo(0.6, 9);
    expect(both.verdict).toBe('unsaturated');
  });

  it('has no CPU figure when a slice had none', () => {
    expect(combine([slice({}), slice({ serverCpuSeconds: null })]).cpuMicrosPerRequest).toBeNull();
  });
});
