// @ts-check
const reports = process.env.MUTATION_REPORTS ?? 'reports/mutation';

/**
 * `npm run test:mutation`: Stryker over the money path (decision 0020). Not part of `npm test`; it takes
 * tens of minutes here. One group: `npm run test:mutation -- --mutate packages/shared/src/money.ts`.
 * Both traps of a sandboxed run are handled in scripts/mutation/vitest.config.ts and decision 0020.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'scripts/mutation/vitest.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'packages/shared/src/totals.ts',
    'packages/shared/src/money.ts',
    'apps/server/src/payments/**/*.ts',
    'apps/server/src/auth/signatures.ts',
    'apps/server/src/modules/orders/**/*.ts',
    'apps/server/src/modules/coupons/**/*.ts',
    'apps/server/src/modules/billing/invoice-number.ts',
    // Issue 34: memberships' money path (charges, their invoices, refunds, access).
    'apps/server/src/modules/subscriptions/record-charge.ts',
    'apps/server/src/modules/subscriptions/record-gateway-charges.ts',
    'apps/server/src/modules/subscriptions/handle-subscription-event.ts',
    'apps/server/src/modules/subscriptions/verify-subscription.ts',
    'apps/server/src/modules/subscriptions/refund-charge.ts',
    'apps/server/src/modules/subscriptions/record-gateway-refund.ts',
    'apps/server/src/modules/subscriptions/member-access.ts',
    'apps/server/src/modules/subscriptions/subscribe.ts',
    'apps/server/src/modules/subscriptions/cancel-subscription.ts',
    'packages/shared/src/india-time.ts',
    '!**/*.test.ts',
  ],
  // Only what the tests need is copied into the sandbox. reliability/support is needed: API tests import its
  // ledger audits, and a test file whose import is missing is silently left out of a `related` run.
  ignorePatterns: [
    'apps/web',
    'e2e',
    'reliability/*',
    '!reliability/support',
    'bench',
    'docs',
    'data',
    'dist',
    '.tmp',
    // Other runs' sandboxes (MUTATION_TMP): copying one in the middle of its run breaks the related-test search.
    '.stryker-tmp*',
  ],
  coverageAnalysis: 'perTest',
  // A mutant run only while a test file's beforeAll builds its app (route options, migrations, seeding)
  // counts as "static": Stryker would rerun every related test (~3 minutes here) for each one. They are
  // reported as ignored and counted apart by scripts/mutation/run.mjs; MUTATION_STATIC=1 runs them too.
  ignoreStatic: process.env.MUTATION_STATIC !== '1',
  concurrency: 2,
  timeoutMS: 20_000,
  // The first run (every related test once, measuring coverage per test) takes 6-12 minutes on a 2-core
  // machine; Stryker's default of 5 minutes stopped a whole run on a fresh clone before any mutant ran.
  dryRunTimeoutMinutes: 30,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${reports}/index.html` },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  // The 90 % target holds per file; scripts/mutation/run.mjs checks it after the run.
  thresholds: { high: 95, low: 90, break: null },
  tempDirName: process.env.MUTATION_TMP ?? '.stryker-tmp',
  cleanTempDir: 'always',
};
