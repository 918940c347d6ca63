import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { collectOutput, freePort, waitUntilAnswering } from '../../apps/server/test/processes';
import { linkDemoVideos } from './linked-demo-videos';

const root = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/**
 * Browser tests run against the production build (web app and server bundle) as `npm start` runs it,
 * on a temporary data folder. The build is made here unless E2E_SKIP_BUILD=1 (a build already exists).
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync('/usr/bin/chromium') && !process.env.CHROMIUM_PATH) {
    throw new Error(
      "Chromium is missing: install Debian's chromium (apt-get install chromium) to run the browser tests.",
    );
  }
  // Both projects' setups run in this one process: the first builds, the second reuses the build.
  if (process.env.E2E_SKIP_BUILD !== '1' && process.env.E2E_BUILT !== '1') {
    const build = spawnSync('npm', ['run', 'build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) throw new Error('the web build failed');
    process.env.E2E_BUILT = '1';
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The demo lessons get the YouTube links of linked-demo-videos.ts instead of clips made in the background.
      DEMO_CLIPS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(server);
  await waitUntilAnswering(`${baseURL}/api/health`, server, { log: output });
  await linkDemoVideos(dataDir);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (/"level":(50|60)/.test(output())) console.error(`server logged errors during the browser tests:\n${output()}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
