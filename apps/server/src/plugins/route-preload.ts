import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../html.js';

/** The pages people land on, and the source file of each page's code (as Vite's manifest names it). */
const LANDING_ROUTES: [RegExp, string][] = [
  [/^\/$/, 'src/features/home/home-page.tsx'],
  [/^\/courses\/?$/, 'src/features/catalog/courses-page.tsx'],
  [/^\/course-details\/[^/]+\/?$/, 'src/features/catalog/course-details-page.tsx'],
];

interface ManifestEntry {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * `<link rel="modulepreload">` tags for a landing page's own code. Without them the browser learns
 * of the page's chunk only after the entry script has run, a second round trip before anything the
 * page needs can paint. Reads the build's manifest once; without one, no tags.
 */
export function routePreloads(webDist: string | null): (pathname: string) => string {
  const manifestFile = webDist && path.join(webDist, '.vite/manifest.json');
  if (!manifestFile || !fs.existsSync(manifestFile)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestEntry>;
  const closure = (key: string, seen: Set<string>): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
    return seen;
  };
  // The entry's own imports are already in the page as module scripts or preloads.
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loaded = entry ? closure(entry, new Set()) : new Set<string>();
  const tags = LANDING_ROUTES.map(([pattern, source]) => {
    const files = [...closure(source, new Set())].filter((key) => !loaded.has(key));
    const html = files
      .map((key) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key]?.file ?? '')}" />`)
      .join('\n');
    return [pattern, html] as const;
  });
  return (pathname) => tags.find(([pattern]) => pattern.test(pathname))?.[1] ?? '';
}
