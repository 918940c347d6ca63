// The bench's yardstick (decision 0034): the server's CPU time per request, read from /proc, for each row
// and for the bare Fastify route loaded in the same round; the row's figure is the ratio of the two. This
// file holds the pure parts (parsing, arithmetic, the guard); loads.ts runs the loads.

/** A row whose CPU-per-request ratio grew by more than this against bench/baseline.json is marked. */
export const WORSE_THRESHOLD = 0.15;
/** A server this busy (share of one CPU over the load) was the bottleneck: the load was saturating. */
export const SATURATED = 0.9;
/** A load generator this busy may be what limited the load, if the server was not saturated. */
export const GENERATOR_BUSY = 0.9;

export interface ProcTimes {
  /** Fields 14 and 15 of /proc/<pid>/stat: user and system time of the process's own threads, in clock ticks. */
  utime: number;
  stime: number;
  /** Fields 16 and 17: the same for its children that have exited and been waited for. */
  cutime: number;
  cstime: number;
}

/**
 * Parses /proc/<pid>/stat. Field 2 is the command name in parentheses and may itself hold spaces and
 * parentheses, so the fields are counted from the last `)`: field 3 (the state) is the first after it.
 */
export function parseProcStat(text: string): ProcTimes {
  const close = text.lastIndexOf(')');
  if (close < 0) throw new Error(`not a /proc/<pid>/stat line: ${text.slice(0, 80)}`);
  const fields = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  // fields[0] is field 3, so field n is fields[n - 3].
  const field = (n: number) => {
    const value = Number(fields[n - 3]);
    if (!Number.isInteger(value) || value < 0) throw new Error(`/proc/<pid>/stat field ${n} is not a count of ticks`);
    return value;
  };
  return { utime: field(14), stime: field(15), cutime: field(16), cstime: field(17) };
}

/** The process's CPU time in ticks, its own and that of its children that have ended. */
export function ticksOf(times: ProcTimes, withChildren = true): number {
  return times.utime + times.stime + (withChildren ? times.cutime + times.cstime : 0);
}

/** Microseconds of CPU per answered request; null when nothing was answered. */
export function cpuMicrosPerRequest(ticks: number, ticksPerSecond: number, answered: number): number | null {
  if (answered <= 0) return null;
  return (ticks / ticksPerSecond / answered) * 1e6;
}

export type LoadVerdict = 'saturated' | 'generator-bound' | 'unsaturated';

/**
 * Whether a load kept the server busy. `serverBusy` and `generatorBusy` are each process's CPU time over
 * the load's wall time (1 = one CPU all the time). A server short of its CPU while the generator used
 * all of its own was held back by the generator; short of it with the generator idle too, it waited on
 * something else (the host's other work on its CPU, or a load too light to fill it).
 */
export function loadVerdict(serverBusy: number, generatorBusy: number): LoadVerdict {
  if (serverBusy >= SATURATED) return 'saturated';
  return generatorBusy >= GENERATOR_BUSY ? 'generator-bound' : 'unsaturated';
}

/** The middle value (the upper one of the two middle values for an even count); null for none. */
export function median(values: number[]): number | null {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return sorted.length === 0 ? null : (sorted[Math.floor(sorted.length / 2)] ?? null);
}

export interface Guard {
  /** The change of the row's ratio against the baseline's, in per cent (positive: more CPU per request). */
  changePercent: number | null;
  worse: boolean;
  mark: string;
}

/**
 * A row's ratio against its baseline ratio. A ratio is CPU per request, so a higher one is worse; more
 * than WORSE_THRESHOLD higher is marked. A row with no baseline yet is new.
 */
export function guard(ratio: number | null, baselineRatio: number | null | undefined): Guard {
  if (ratio === null) return { changePercent: null, worse: false, mark: 'no figure' };
  if (baselineRatio === null || baselineRatio === undefined || baselineRatio <= 0)
    return { changePercent: null, worse: false, mark: 'new row (no baseline)' };
  const change = ratio / baselineRatio - 1;
  const changePercent = Math.round(change * 1000) / 10;
  const worse = change > WORSE_THRESHOLD;
  return { changePercent, worse, mark: worse ? `WORSE >${WORSE_THRESHOLD * 100} %` : 'ok' };
}

/** A signed percentage for the table: +3.2 %, -10 %, or '-' for none. */
export function formatChange(changePercent: number | null): string {
  if (changePercent === null) return '-';
  return `${changePercent > 0 ? '+' : ''}${changePercent} %`;
}

export interface BaselineFile {
  /** How the baseline was measured: commit, date, settings. */
  measured: Record<string, unknown>;
  /** Each row's CPU-per-request ratio to the bare route (shop µs / bare µs), with its two figures. */
  rows: Record<string, { cpuRatio: number; cpuMicrosPerRequest: number; bareCpuMicrosPerRequest: number }>;
}

/**
 * The baseline file after a run: the rows measured in this run replace theirs, rows it did not measure
 * (a partial run) keep their earlier figures.
 */
export function nextBaseline(
  previous: BaselineFile | null,
  measured: Record<string, unknown>,
  rows: {
    name: string;
    cpuRatio: number | null;
    cpuMicrosPerRequest: number | null;
    bareCpuMicrosPerRequest: number | null;
  }[],
): BaselineFile {
  const next: BaselineFile = { measured, rows: { ...(previous?.rows ?? {}) } };
  for (const row of rows) {
    if (row.cpuRatio === null || row.cpuMicrosPerRequest === null || row.bareCpuMicrosPerRequest === null) continue;
    next.rows[row.name] = {
      cpuRatio: Math.round(row.cpuRatio * 1000) / 1000,
      cpuMicrosPerRequest: Math.round(row.cpuMicrosPerRequest * 10) / 10,
      bareCpuMicrosPerRequest: Math.round(row.bareCpuMicrosPerRequest * 10) / 10,
    };
  }
  return next;
}
