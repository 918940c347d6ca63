// Runs a command against a throw-away PostgreSQL server: initdb into a temporary folder, start it on a
// free loopback port, export TEST_DATABASE_URL, run the command, stop the server and remove the folder.
// Usage: node scripts/with-postgres.mjs <command> [args...]
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function findBinDir() {
  const fromPath = spawnSync('sh', ['-c', 'command -v pg_ctl'], { encoding: 'utf8' }).stdout.trim();
  if (fromPath) return path.dirname(fs.realpathSync(fromPath));
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'pg_ctl')))
    : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) {
    console.error(
      'PostgreSQL is not installed: install it (Debian: apt-get install postgresql) to run the PostgreSQL tests.',
    );
    process.exit(1);
  }
  return path.join(root, versions[0], 'bin');
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-postgres.mjs <command> [args...]');
  process.exit(2);
}

const bin = findBinDir();
const asRoot = process.getuid?.() === 0;
// PostgreSQL refuses to run as root; CI runs as root, so the server runs as the postgres user there.
const run = (tool, args) =>
  asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe' })
    : execFileSync(path.join(bin, tool), args, { stdio: 'pipe' });

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
const dataDir = path.join(dir, 'data');
const port = await freePort();

run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-sync']);
run('pg_ctl', [
  '-D',
  dataDir,
  '-l',
  path.join(dir, 'server.log'),
  '-w',
  '-t',
  '60',
  '-o',
  `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`,
  'start',
]);

let stopped = false;
function stop() {
  if (stopped) return;
  stopped = true;
  try {
    run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  } catch (error) {
    console.error(`could not stop PostgreSQL: ${error.message}`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
console.log(`PostgreSQL ${path.basename(path.dirname(bin))} running at ${url}`);
const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
  shell: false,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
