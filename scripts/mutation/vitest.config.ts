// The Vitest set-up Stryker runs (see stryker.config.mjs): the unit tests of packages/shared and the API
// tests, with `@shop/shared` resolved to this folder's copy of packages/shared. Without the alias a
// sandboxed run would reach the workspace link in node_modules, i.e. the unmutated original files.
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = path.resolve(import.meta.dirname, '../..');
const resolve = { alias: { '@shop/shared': path.join(root, 'packages/shared/src/index.ts') } };
// MUTATION_EXCLUDE=a.test.ts,b.test.ts measures the suite without those files (a "before" figure).
const exclude = ['**/node_modules/**', ...(process.env.MUTATION_EXCLUDE?.split(',').filter(Boolean) ?? [])];

export default defineConfig({
  test: {
    projects: [
      {
        resolve,
        test: { name: 'unit', root, include: ['packages/shared/src/**/*.test.ts'], exclude },
      },
      {
        resolve,
        test: {
          name: 'api',
          root,
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude,
          setupFiles: [path.join(root, 'apps/server/test/setup.ts')],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
