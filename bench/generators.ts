// Which load generator keeps the server busy (decision 0034): the bare route, and the shop's catalogue
// when its bundle is built, each loaded alternately by wrk and by autocannon (100 connections, the servers
// on CPU 0 and the generator on CPU 1 as in the bench), with each side's CPU use and the server's CPU per
// request. `node --import tsx bench/generators.ts` (run `npm run build` first for the shop's rows);
// BENCH_SECONDS (5) and BENCH_ROUNDS (2) set its size.
import fs from 'node:fs';
import path from 'node:path';
import { hasWrk, measureLoad, TICKS_PER_SECOND, WRK_HINT } from './loads.js';
import { pinSelf, type Running, root, start, startShop, tempDir } from './shop-process.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

if (!hasWrk) {
  console.log(WRK_HINT);
  process.exit(1);
}
pinSelf();
const servers: { name: string; server: Running; url: string }[] = [];
const bare = await start('bench/baseline-server.ts', {}, '/');
servers.push({ name: 'bare route', server: bare, url: `${bare.url}/` });
const dataDir = tempDir('generators');
if (fs.existsSync(path.join(root, 'apps/server/dist/server.mjs'))) {
  const shop = await startShop(dataDir);
  servers.push({ name: 'GET /api/courses', server: shop, url: `${shop.url}/api/courses` });
}
const rows: Record<string, unknown>[] = [];
try {
  for (const { server, url } of servers) await measureLoad(server.child.pid, url, { connections: 100, seconds: 2 });
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { name, server, url } of servers) {
      for (const generator of ['autocannon', 'wrk'] as const) {
        const m = await measureLoad(server.child.pid, url, { connections: 100, seconds: SECONDS, generator });
        rows.push({
          server: name,
          round,
          generator,
          'req/s': m.requestsPerSecond,
          'server CPU %': Math.round((m.serverBusy ?? 0) * 100),
          'generator CPU %': Math.round((m.generatorBusy ?? 0) * 100),
          'CPU µs/req': Math.round((m.cpuMicrosPerRequest ?? 0) * 10) / 10,
          verdict: m.verdict,
        });
      }
    }
  }
} finally {
  for (const { server } of servers) await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`${SECONDS} s loads, 100 connections; CPU from /proc in ticks of ${1000 / TICKS_PER_SECOND} ms`);
console.table(rows);
