import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource: string = createRequire(import.meta.url)('axe-core').source;

export interface AxeViolation {
  rule: string;
  impact: string | null;
  nodes: string[];
}

/**
 * Runs axe-core on the page as it is now (WCAG 2.x A and AA plus best practices) and lists what it
 * found. The script goes in through the DevTools protocol, which the page's Content-Security-Policy
 * (script-src 'self') does not govern, so the page is scanned with its real headers.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
      document,
      { resultTypes: ['violations'] },
    ),
  );
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? null,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}
