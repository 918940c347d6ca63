import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The reliability suite: real server processes under load, faults and hostile input. Files run one at a
 * time so the load figures are not skewed by another file competing for this machine's cores.
 */
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    name: 'reliability',
    include: ['reliability/**/*.test.ts'],
    globalSetup: ['reliability/support/global-setup.ts'],
    setupFiles: ['apps/server/test/setup.ts'],
    fileParallelism: false,
    testTimeout: 240_000,
    hookTimeout: 90_000,
  },
});
