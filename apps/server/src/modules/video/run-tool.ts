import { spawn } from 'node:child_process';
import os from 'node:os';

/** ffmpeg's or ffprobe's failure: `reason` is the tool's last error lines, for the operator to read. */
export class VideoToolError extends Error {
  override name = 'VideoToolError';
  readonly reason: string;
  /** The binary itself is missing or could not start (our set-up), as opposed to refusing its input. */
  readonly notRunnable: boolean;
  constructor(message: string, reason: string, notRunnable = false) {
    super(reason ? `${message}: ${reason}` : message);
    this.reason = reason;
    this.notRunnable = notRunnable;
  }
}

export interface RunToolOptions {
  /** Each line the tool writes to stdout (ffmpeg's `-progress pipe:1` lines). */
  onLine?: (line: string) => void;
  /** Run below the shop's own priority, so requests stay fast while a video transcodes. */
  lowPriority?: boolean;
  signal?: AbortSignal;
}

const STDERR_LINES_KEPT = 12;
// The lowest priority a process can ask for; the shop's requests always go first.
const LOWEST_PRIORITY = 19;

/**
 * Runs ffmpeg or ffprobe and resolves with its stdout. A missing binary is reported as such (it names the
 * setting that points at it), and a failing run rejects with the tool's last stderr lines.
 */
export function runTool(
  binary: string,
  args: string[],
  { onLine, lowPriority = false, signal }: RunToolOptions = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    if (lowPriority && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, LOWEST_PRIORITY);
      } catch {
        // The child may already have exited; a run at normal priority is still a correct run.
      }
    }
    let stdout = '';
    let partial = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!onLine) {
        stdout += chunk;
        return;
      }
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) onLine(line.trim());
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      // Only the tail is ever reported; keep memory flat on a long, chatty run.
      stderr = (stderr + chunk).slice(-8192);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') {
        reject(
          new VideoToolError(
            `${binary} was not found`,
            "install Debian's ffmpeg package (apt-get install ffmpeg) or set FFMPEG_PATH / FFPROBE_PATH",
            true,
          ),
        );
      } else if (error.name === 'AbortError') reject(new VideoToolError(`${binary} was stopped`, ''));
      else reject(new VideoToolError(`${binary} could not run`, error.message, true));
    });
    child.on('close', (code, killedBy) => {
      if (partial && onLine) onLine(partial.trim());
      if (code === 0) {
        resolve(stdout);
        return;
      }
      const tail = stderr.trim().split('\n').slice(-STDERR_LINES_KEPT).join('\n');
      const how = killedBy ? `was stopped (${killedBy})` : `failed (exit code ${code})`;
      reject(new VideoToolError(`${binary} ${how}`, tail));
    });
  });
}
