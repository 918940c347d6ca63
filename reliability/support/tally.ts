import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** Adds this scenario's figures to the suite summary (see global-setup.ts) and prints them at once. */
export function recordTally(scenario: string, tally: Record<string, number>): void {
  const file = path.join(inject('tallyDir'), `${scenario}.json`);
  const before = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>) : {};
  for (const [key, value] of Object.entries(tally)) before[key] = (before[key] ?? 0) + value;
  fs.writeFileSync(file, JSON.stringify(before));
  console.log(`[${scenario}] ${JSON.stringify(tally)}`);
}
