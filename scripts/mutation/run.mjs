// `npm run test:mutation [-- stryker options]`: runs Stryker (stryker.config.mjs), then holds every mutated
// file to the target of decision 0020: at least 90 % of its mutants killed. Mutants marked equivalent in
// the source (`// Stryker disable next-line <mutator>: <reason>`) and static mutants left unrun (see
// stryker.config.mjs) are reported as ignored, each in its own column, and left out of the score.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const reports = process.env.MUTATION_REPORTS ?? 'reports/mutation';
const target = 90;

const run = spawnSync('npx', ['stryker', 'run', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);

const report = JSON.parse(fs.readFileSync(path.join(root, reports, 'mutation.json'), 'utf8'));
const rows = Object.entries(report.files).map(([file, { mutants }]) => {
  const count = (...statuses) => mutants.filter((m) => statuses.includes(m.status)).length;
  const killed = count('Killed', 'Timeout');
  const survived = count('Survived');
  const noCoverage = count('NoCoverage');
  const isStatic = (m) => m.status === 'Ignored' && /static/i.test(m.statusReason ?? '');
  const staticNotRun = mutants.filter(isStatic).length;
  const equivalent = count('Ignored') - staticNotRun;
  const errors = count('CompileError', 'RuntimeError');
  const scored = killed + survived + noCoverage;
  const score = scored === 0 ? 100 : (100 * killed) / scored;
  return { file, killed, survived, noCoverage, equivalent, staticNotRun, errors, score: Math.floor(score * 10) / 10 };
});
console.log(
  '\n| file | killed | survived | no coverage | marked equivalent | static, not run | score |\n|---|---|---|---|---|---|---|',
);
for (const r of rows)
  console.log(
    `| ${r.file} | ${r.killed} | ${r.survived} | ${r.noCoverage} | ${r.equivalent} | ${r.staticNotRun} | ${r.score} % |`,
  );
const below = rows.filter((r) => r.score < target);
if (below.length > 0) {
  console.error(`\n${below.length} file(s) below ${target} % killed: ${below.map((r) => r.file).join(', ')}`);
  process.exit(1);
}
console.log(`\nEvery file has at least ${target} % of its mutants killed.`);
