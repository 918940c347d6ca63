/** Tallies of every call a scenario made, by outcome. */
export interface CallStats {
  requests: number;
  byStatus: Record<number, number>;
  /** Calls that got no answer at all (the server was down or died mid-request). */
  connectionErrors: number;
  /** What the first few unanswered calls failed with, for the report. */
  connectionErrorSamples: string[];
  serverErrors: string[];
  slowestMs: number;
  slowest: string;
  /** How many calls took over 5 s, and the ten slowest of them: when they were sent and what they were. */
  slowCount: number;
  slowCalls: { took: number; what: string }[];
  /** Answers a well-behaved client should never see while the server is up (see `expect` below). */
  unexpected: string[];
}

export function newCallStats(): CallStats {
  return {
    requests: 0,
    byStatus: {},
    connectionErrors: 0,
    connectionErrorSamples: [],
    serverErrors: [],
    unexpected: [],
    slowestMs: 0,
    slowest: '',
    slowCount: 0,
    slowCalls: [],
  };
}

/** The server did not answer: the request may or may not have taken effect. */
export class NoAnswerError extends Error {
  override name = 'NoAnswerError';
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: answers are read field by field, as a browser app would
  body: any;
}

/**
 * A signed-in learner's browser: the session in the `token` cookie, and an Origin header on the calls
 * that change state, as the CSRF check requires. `expect` lists the statuses this step may answer
 * besides 200; anything else is recorded as unexpected.
 */
export class LearnerClient {
  constructor(
    private readonly baseUrl: string,
    private readonly origin: string,
    private readonly token: string,
    private readonly stats: CallStats,
    /** A person's pause before each click or page (a random time in this range, ms); none when absent. */
    private readonly thinkMs?: { min: number; max: number },
  ) {}

  async call(method: 'GET' | 'POST', path: string, body?: unknown, expect: number[] = []): Promise<Answer> {
    if (this.thinkMs) {
      const { min, max } = this.thinkMs;
      await new Promise((resolve) => setTimeout(resolve, min + Math.random() * (max - min)));
    }
    const headers: Record<string, string> = { cookie: `token=${this.token}` };
    if (method === 'POST') {
      headers.origin = this.origin;
      headers['content-type'] = 'application/json';
    }
    let response: Response;
    let text: string;
    this.stats.requests += 1;
    const sent = Date.now();
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers,
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
        redirect: 'manual',
        // Only a guard that keeps every loop bounded; answers are expected within seconds.
        signal: AbortSignal.timeout(60_000),
      });
      text = await response.text();
    } catch (error) {
      this.stats.connectionErrors += 1;
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const what = `${method} ${path}: ${(error as Error).message} (${cause?.code ?? ''} ${cause?.message ?? ''})`;
      if (this.stats.connectionErrorSamples.length < 5) this.stats.connectionErrorSamples.push(what);
      throw new NoAnswerError(what);
    }
    const { status } = response;
    const took = Date.now() - sent;
    if (took > 5000) {
      this.stats.slowCount += 1;
      const what = `sent ${new Date(sent).toISOString().slice(11, 23)}: ${method} ${path} ${took} ms`;
      this.stats.slowCalls = [...this.stats.slowCalls, { took, what }].sort((a, b) => b.took - a.took).slice(0, 10);
    }
    if (took > this.stats.slowestMs) {
      this.stats.slowestMs = took;
      this.stats.slowest = `${method} ${path}`;
    }
    this.stats.byStatus[status] = (this.stats.byStatus[status] ?? 0) + 1;
    if (status >= 500) this.stats.serverErrors.push(`${method} ${path} -> ${status} ${text.slice(0, 300)}`);
    else if (status !== 200 && !expect.includes(status))
      this.stats.unexpected.push(`${method} ${path} -> ${status} ${text.slice(0, 300)}`);
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status, body: parsed };
  }
}
