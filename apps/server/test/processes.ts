import type { ChildProcess } from 'node:child_process';
import net from 'node:net';

/**
 * Helpers for the suites that run the real server as a child process (browser tests, reliability
 * scenarios, the bench, the access-log test): one free port and one wait for the first answer.
 */

/** A TCP port nobody listens on at the moment of asking (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Everything a child prints on both streams, kept for error messages. */
export function collectOutput(child: ChildProcess): () => string {
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return () => output;
}

/**
 * Polls `url` until it answers 2xx. Fails at once, with what the child printed, when the child exits
 * first, and after `seconds` when it never answers.
 */
export async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  { seconds = 60, log = () => '' }: { seconds?: number; log?: () => string } = {},
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer in ${seconds} s:\n${log()}`);
}
