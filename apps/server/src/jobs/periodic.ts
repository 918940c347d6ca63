/** An engine's periodic jobs: each asked for on its own timer (first after `firstAfterMs`) once started. */
export class Periodic {
  private readonly jobs: { name: string; everyMs: number; firstAfterMs: number }[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private started = false;

  constructor(private readonly ask: (name: string, everyMs: number) => void) {}

  add(name: string, everyMs: number, firstAfterMs: number): void {
    const job = { name, everyMs, firstAfterMs };
    this.jobs.push(job);
    if (this.started) this.schedule(job);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs) this.schedule(job);
  }

  stop(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  private schedule(job: { name: string; everyMs: number; firstAfterMs: number }): void {
    const first = setTimeout(() => this.ask(job.name, job.everyMs), job.firstAfterMs);
    const timer = setInterval(() => this.ask(job.name, job.everyMs), job.everyMs);
    first.unref();
    timer.unref();
    this.timers.add(first).add(timer);
  }
}
