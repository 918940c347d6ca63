import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export interface PageScores {
  url: string;
  /** Median of the runs, 0 to 100, per category. */
  scores: Record<(typeof CATEGORIES)[number], number>;
  /** Audits that lost points in the median performance run, for fixing. */
  failing: string[];
}

/**
 * Lighthouse with its mobile defaults against Debian's Chromium, headless; the median of `runs`
 * runs per page, each in a fresh browser so no cache carries over.
 */
export async function lighthouseScores(
  pagesToScore: (string | { url: string; headers: Record<string, string> })[],
  runs = 3,
): Promise<PageScores[]> {
  const pages: PageScores[] = [];
  for (const page of pagesToScore) {
    // A signed-in page is scored with the learner's session cookie on every request the page makes.
    const { url, headers } = typeof page === 'string' ? { url: page, headers: undefined } : page;
    const results: { scores: Record<string, number>; failing: string[] }[] = [];
    for (let i = 0; i < runs; i++) {
      const chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        chromeFlags: [
          '--headless=new',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
          '--no-first-run',
          '--disable-dev-shm-usage',
        ],
      });
      try {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: [...CATEGORIES],
          ...(headers ? { extraHeaders: headers } : {}),
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        );
        const failing = Object.values(lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 0.9 &&
              audit.scoreDisplayMode !== 'informative' &&
              audit.scoreDisplayMode !== 'manual',
          )
          .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        results.push({ scores, failing });
      } finally {
        await chrome.kill();
      }
    }
    const median = (c: string) => {
      const sorted = results.map((r) => r.scores[c] ?? 0).sort((a, b) => a - b);
      return sorted[Math.floor(sorted.length / 2)] ?? 0;
    };
    const byPerf = [...results].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
    pages.push({
      url,
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, median(c)])) as PageScores['scores'],
      failing: byPerf[Math.floor(byPerf.length / 2)]?.failing ?? [],
    });
  }
  return pages;
}
