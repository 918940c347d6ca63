import { spawnSync } from 'node:child_process';
import { lighthouseReport, printLighthouse } from './lighthouse.js';
import { root } from './shop-process.js';

/**
 * The bench's Lighthouse part alone (issue 19): builds as `npm start` does, then scores the page list
 * of `lighthouseReport` with the host's benchmarkIndex beside each figure. `LH_PAGES=/,/courses` scores
 * some pages only; `LH_RUNS=1` one run each. `node --import tsx bench/lighthouse-only.ts`
 */
if (process.env.LH_BUILD !== '0' && spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0) {
  throw new Error('build failed');
}
printLighthouse(await lighthouseReport());
