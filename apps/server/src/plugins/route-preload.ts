import fs from 'node:fs';
import path from 'node:path';
import { pageRoutes, routeMatcher } from '@shop/shared';
import { escapeHtml } from '../html.js';

/** The pages people land on (shared's page table marks them), each with its code's source file. */
const LANDING_ROUTES = pageRoutes.flatMap((route) =>
  'landing' in route ? [[routeMatcher(route.path), route.source] as const] : [],
);

/** `/learn/{courseId}` and `/learn/{courseId}/{lessonId}`, with an id that needs no escaping in a URL. */
const PLAYER_PATH = /^\/learn\/([A-Za-z0-9_-]+)(\/[^/]+)?\/?$/;

/**
 * The player's course data, asked for by the head while the scripts still load: without it the request
 * left only after the entry and the player's chunk had run, the last step before the lesson could paint.
 * The crossorigin mode matches the app's own `credentials: 'include'` fetch, so that fetch takes this
 * answer (a 401 or 403 included) instead of asking again; a reload preloads afresh.
 */
export function dataPreload(pathname: string): string {
  const courseId = PLAYER_PATH.exec(pathname)?.[1];
  if (!courseId) return '';
  return `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/learn/${courseId}" />`;
}

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  dynamicImports?: string[];
}

/**
 * `<link rel="modulepreload">` tags for a landing page's own code, and on every page for the layout's
 * own deferred part (the footer: src/app/layout/page-end.tsx). Without them the browser learns of
 * those chunks only after the entry script has run, a second round trip before anything the page needs
 * can paint. Reads the build's manifest once; without one, no tags.
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
  const tagsFor = (sources: readonly string[]) => {
    const files = [...new Set(sources.flatMap((source) => [...closure(source, new Set())]))].filter(
      (key) => !loaded.has(key),
    );
    // The chunks' own styles too: Vite's loader waits for them before it runs a chunk.
    const styles = [...new Set(files.flatMap((key) => manifest[key]?.css ?? []))];
    return [
      ...files.map(
        (key) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key]?.file ?? '')}" />`,
      ),
      ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`),
    ].join('\n');
  };
  const layoutParts = (entry ? (manifest[entry]?.dynamicImports ?? []) : []).filter((key) =>
    key.startsWith('src/app/'),
  );
  const everyPage = tagsFor(layoutParts);
  const tags = LANDING_ROUTES.map(([pattern, source]) => [pattern, tagsFor([source, ...layoutParts])] as const);
  return (pathname) => tags.find(([pattern]) => pattern.test(pathname))?.[1] ?? everyPage;
}
