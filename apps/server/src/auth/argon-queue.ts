/**
 * Argon2 work, a few at a time and fairly shared. Each hash takes about 19 MiB and tens of
 * milliseconds of a CPU; sixteen guessers at once made everyone's sign-in six times slower (attack
 * report R5: 96 -> 610 ms). At most MAX_ACTIVE run at once per process, and at most one per client
 * (its IP): the others wait in one queue per client, and a freed slot goes to the next client in
 * turn. So a client with many calls waiting leaves the other slot to everyone else, instead of
 * making them wait behind its whole queue.
 */
const MAX_ACTIVE = 2;
const MAX_ACTIVE_PER_CLIENT = 1;

type Job = () => void;

const queues = new Map<string, Job[]>();
const activeByClient = new Map<string, number>();
let active = 0;
let maxActiveSeen = 0;

function startNext(): void {
  for (const [client, jobs] of queues) {
    if (active >= MAX_ACTIVE) return;
    if ((activeByClient.get(client) ?? 0) >= MAX_ACTIVE_PER_CLIENT) continue;
    const job = jobs.shift();
    // The client goes to the back of the line (or leaves it when it has nothing more waiting).
    queues.delete(client);
    if (jobs.length > 0) queues.set(client, jobs);
    job?.();
  }
}

/** Runs `work` when a slot is free and it is `client`'s turn. */
export function runArgon<T>(client: string, work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const job = () => {
      active += 1;
      activeByClient.set(client, (activeByClient.get(client) ?? 0) + 1);
      maxActiveSeen = Math.max(maxActiveSeen, active);
      work()
        .then(resolve, reject)
        .finally(() => {
          active -= 1;
          const left = (activeByClient.get(client) ?? 1) - 1;
          if (left > 0) activeByClient.set(client, left);
          else activeByClient.delete(client);
          startNext();
        });
    };
    const jobs = queues.get(client);
    if (jobs) jobs.push(job);
    else queues.set(client, [job]);
    startNext();
  });
}

/** For tests: how many calls run and wait now, and the most that ever ran at once. */
export const argonQueueStats = {
  waiting: () => [...queues.values()].reduce((sum, jobs) => sum + jobs.length, 0),
  maxActiveSeen: () => maxActiveSeen,
  resetMaxActive: () => {
    maxActiveSeen = active;
  },
  MAX_ACTIVE,
};
