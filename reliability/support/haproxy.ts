import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { collectOutput, freePort, waitUntilAnswering } from '../../apps/server/test/processes';

/** HAPROXY_PATH, or Debian's haproxy on PATH (`apt-get install haproxy`). */
export function haproxyPath(): string {
  const configured = process.env.HAPROXY_PATH;
  if (configured) return configured;
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], { encoding: 'utf8' }).stdout;
  const first = found.split('\n')[0]?.trim();
  if (!first) throw new Error('HAProxy is not installed: apt-get install haproxy (or set HAPROXY_PATH)');
  return first;
}

/**
 * The balancer configuration of docs/deployment.md for these backends: round robin, a health check on
 * /api/health every second (three failures take a process out, so a busy process is not taken for a dead
 * one; a refused connection sends the request elsewhere at once anyway; one success brings it back), the client's
 * address and a request id passed on, and a request whose process died before answering retried on
 * another (`retry-on`, `option redispatch`), as a browser's user would press reload. A lesson's video
 * upload goes to one process, chosen by the lesson in its path: an unfinished upload's bytes are on the
 * disk of the process that received them, so its resumption must reach the same process (a finished
 * upload moves into the bucket, decision 0030).
 */
export function haproxyConfig(port: number, backends: { name: string; port: number }[]): string {
  const servers = backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port} check`).join('\n');
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 65s
  timeout server 65s
  timeout http-request 30s
  timeout http-keep-alive 60s
  timeout check 5s
  timeout queue 30s
  option http-buffer-request
  option redispatch 1
  retries 3
  retry-on conn-failure empty-response response-timeout 502 503 504

frontend shop
  bind 127.0.0.1:${port}
  option forwardfor
  http-request set-header X-Request-Id %[uuid] unless { req.hdr(x-request-id) -m found }
  use_backend video_uploads if { path_reg ^/api/admin/lessons/[^/]+/video/uploads }
  default_backend shops

backend shops
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 1s fastinter 500ms downinter 500ms fall 3 rise 1
${servers}

backend video_uploads
  balance uri depth 4
  hash-type consistent
  option httpchk GET /api/health
  http-check expect status 200
  default-server inter 1s fastinter 500ms downinter 500ms fall 3 rise 1
${servers}
`;
}

export interface Balancer {
  url: string;
  config: string;
  stop(): Promise<void>;
}

/** A real HAProxy on a free loopback port in front of `backends`, running until `stop()`. */
export async function startHaproxy(backends: { name: string; port: number }[], port?: number): Promise<Balancer> {
  const listen = port ?? (await freePort());
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  const config = haproxyConfig(listen, backends);
  fs.writeFileSync(file, config);
  const check = spawnSync(haproxyPath(), ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stderr}${check.stdout}`);
  const child: ChildProcess = spawn(haproxyPath(), ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collectOutput(child);
  const url = `http://127.0.0.1:${listen}`;
  await waitUntilAnswering(`${url}/api/health`, child, { seconds: 30, log: output });
  return {
    url,
    config,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
