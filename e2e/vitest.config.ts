import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Each project gets its own server and database from the global setup. The operator-console tests
// change the catalogue, so they run after the shop's tests, on a server of their own.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One more try for a test that fails: a browser test on a loaded 2-core machine sometimes loses a
    // race with the page (README, 'Run the tests'). It is not silent: npm test names every test that
    // passed only on its retry, so each gets fixed.
    retry: 1,
    // A poll ends when its condition holds; this bound is only for one that never does. Vitest's own
    // 1 s default lost to a loaded 2-core CI machine (the video test's fullscreen poll, stop 43).
    expect: { poll: { timeout: 15_000 } },
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: ['e2e/admin.test.ts', 'e2e/structure-editor.test.ts', 'e2e/exclusive-prices.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-admin',
          include: ['e2e/admin.test.ts', 'e2e/structure-editor.test.ts', 'e2e/exclusive-prices.test.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
