// `npm test`: everything CI runs, in order, stopping at the first failing step. Ends with one line that
// counts the tests of every step: "tests: N passed, N failed, N skipped", after the names of the tests
// that failed and of the browser tests that failed once and were tried again. A test skipped in one
// step (a one-database test) must pass in another, or the run fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp/test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const vitest = (name, args) => [
  'vitest',
  'run',
  ...args,
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${path.join(reports, `${name}.json`)}`,
];
const steps = [
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'] },
  { name: 'lint', cmd: ['npm', 'run', 'lint'] },
  { name: 'unit tests', cmd: ['npx', ...vitest('unit', ['--project', 'unit'])] },
  // The API test files share their worker's loaded modules (`--no-isolate`) instead of importing the whole
  // server again for each file: the orders tests took 106 s isolated, 40 s shared. Each file still builds
  // its own app and database; what a process keeps in module scope must be keyed so that two shops in one
  // process cannot see each other's (render-stored-document.ts). Vitest takes isolation only for the whole
  // run, not per project, hence a step of its own.
  { name: 'API tests (SQLite)', cmd: ['npx', ...vitest('sqlite', ['--project', 'api', '--no-isolate'])] },
  {
    name: 'API tests (PostgreSQL)',
    cmd: ['node', 'scripts/with-postgres.mjs', 'npx', ...vitest('postgres', ['--project', 'api', '--no-isolate'])],
  },
  { name: 'browser tests (Chromium)', cmd: ['npx', ...vitest('e2e', ['--config', 'e2e/vitest.config.ts'])] },
  {
    name: 'reliability (load, faults, hostile input)',
    cmd: [
      'node',
      'scripts/with-postgres.mjs',
      'npx',
      ...vitest('reliability', ['--config', 'reliability/vitest.config.ts']),
    ],
  },
];

/**
 * An error in one line, for the run's last lines (all CI shows of a long run): its first line and,
 * for a browser action that timed out, what Playwright's call log says it waited for and why it
 * could not act ("Timeout 10000ms exceeded" alone does not say which button, or that it was disabled).
 */
function brief(message) {
  const lines = stripVTControlCharacters(message)
    .split('\n')
    .map((line) => line.trim());
  const waited = lines.find((line) => line.startsWith('- waiting for') && !line.includes('to be visible'));
  const why = lines.findLast(
    (line) => /^- (element|<)/.test(line) || /intercepts pointer events|not (enabled|visible|stable)/.test(line),
  );
  return [lines[0], waited, why].filter(Boolean).join(' ').slice(0, 500);
}
const failureOf = (test) => (test.failureMessages?.[0] ? ` (${brief(test.failureMessages[0])})` : '');

function summary() {
  let passed = 0;
  let failed = 0;
  const skipped = []; // { report, test }
  const failedTests = [];
  const retriedTests = [];
  const passedTests = new Set();
  for (const file of fs.readdirSync(reports)) {
    const report = JSON.parse(fs.readFileSync(path.join(reports, file), 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const result of report.testResults) {
      for (const test of result.assertionResults) {
        const id = `${path.relative(root, result.name)} > ${test.fullName}`;
        if (test.meta?.retried) {
          const before = test.meta.failedTry ? `; the try before: ${brief(test.meta.failedTry)}` : '';
          retriedTests.push(`${id} (${test.status} on try ${test.meta.retried + 1}${before})`);
        }
        if (test.status === 'passed') passedTests.add(id);
        else if (test.status === 'failed') failedTests.push(`${id}${failureOf(test)}`);
        else if (test.status !== 'failed') skipped.push({ report: file.replace(/\.json$/, ''), id });
      }
    }
  }
  // A test may be skipped only on one database because it runs on the other (SQLite-only or
  // PostgreSQL-only); a skip that ran nowhere fails the run instead of passing in silence.
  const ranElsewhere = skipped.filter((skip) => passedTests.has(skip.id));
  const ranNowhere = skipped.filter((skip) => !passedTests.has(skip.id));
  return { passed, failed, failedTests, retriedTests, ranElsewhere, ranNowhere };
}

let failedStep = null;
const timings = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const begun = Date.now();
  const result = spawnSync(step.cmd[0], step.cmd.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
  });
  timings.push(`${step.name} ${Math.round((Date.now() - begun) / 1000)} s`);
  if (result.status !== 0) {
    failedStep = step.name;
    break;
  }
}
const { passed, failed, failedTests, retriedTests, ranElsewhere, ranNowhere } = summary();
if (retriedTests.length > 0) {
  // The browser suite retries a failed test once; one that then passed is flaky and is to be fixed.
  console.log(`\nFailed, then tried again (browser tests retry once; each is a race to fix): ${retriedTests.length}`);
  for (const test of retriedTests) console.log(`  ${test}`);
}
if (failedTests.length > 0) {
  console.log(`\nFailed: ${failedTests.length}`);
  for (const test of failedTests) console.log(`  ${test}`);
}
if (ranElsewhere.length > 0) {
  console.log(`\nSkipped in one step and passed in another (one database only): ${ranElsewhere.length}`);
  for (const skip of ranElsewhere) console.log(`  [skipped in ${skip.report}] ${skip.id}`);
}
if (!failedStep && ranNowhere.length > 0) {
  failedStep = 'skipped tests that ran in no step';
  for (const skip of ranNowhere) console.log(`  [skipped in ${skip.report}, run nowhere] ${skip.id}`);
}
// Each step's wall time, so a run that nears CI's limit shows where the time went.
console.log(`\nsteps: ${timings.join(', ')}`);
console.log(failedStep ? `\nFAILED at: ${failedStep}` : '\nAll test steps passed.');
console.log(`tests: ${passed} passed, ${failed} failed, ${ranElsewhere.length + ranNowhere.length} skipped`);
process.exit(failedStep ? 1 : 0);
