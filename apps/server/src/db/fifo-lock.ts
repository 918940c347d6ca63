/** A lock whose waiters are resumed one at a time, in the order they asked. */
export class FifoLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];
  #next = 0;

  lock(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const resume = this.#waiting[this.#next];
    if (!resume) {
      this.#held = false;
      this.#waiting.length = 0;
      this.#next = 0;
      return;
    }
    // The queue is read by an index and emptied when it runs dry: shift() would copy it at each turn.
    this.#waiting[this.#next] = undefined as never;
    this.#next += 1;
    resume();
  }
}
