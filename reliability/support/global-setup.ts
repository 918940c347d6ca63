import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    tallyDir: string;
  }
}

/**
 * Each test file records what it did (requests, purchases, kills) in its own JSON file here; the
 * teardown adds them up and prints one summary, so `npm test` shows how much the suite exercised.
 */
export default function setup(project: TestProject) {
  const tallyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-reliability-'));
  project.provide('tallyDir', tallyDir);
  const started = Date.now();
  return () => {
    const totals: Record<string, number> = {};
    const lines: string[] = [];
    for (const file of fs.readdirSync(tallyDir).sort()) {
      const tally = JSON.parse(fs.readFileSync(path.join(tallyDir, file), 'utf8')) as Record<string, number>;
      lines.push(`  ${path.basename(file, '.json')}: ${describe(tally)}`);
      for (const [key, value] of Object.entries(tally)) totals[key] = (totals[key] ?? 0) + value;
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    console.log(`\nReliability suite (${seconds} s):\n${lines.join('\n')}`);
    console.log(`  total: ${describe(totals)}`);
    console.log(`reliability: ${totals.requests ?? 0} requests made`);
    fs.rmSync(tallyDir, { recursive: true, force: true });
  };
}

function describe(tally: Record<string, number>): string {
  return Object.entries(tally)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');
}
