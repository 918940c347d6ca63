import fs from 'node:fs';
import path from 'node:path';
import { accountPaths, learningPaths, pageRoutes, pathWith, routeMatcher } from '@shop/shared';
import { escapeHtml } from '../../html.js';
import { playerCourseId } from './player-page-data.js';

/**
 * The pages people land on and those the server draws (shared's page table marks them), each with its
 * code's source file and whether its HTML comes drawn.
 */
const PRELOADED_ROUTES = pageRoutes.flatMap((route) =>
  'landing' in route || 'serverRendered' in route
    ? [[routeMatcher(route.path), route.source, 'serverRendered' in route] as const]
    : [],
);

/** The pages whose first drawing waits for the session (shared's page table marks them). */
const SESSION_ROUTES = pageRoutes.flatMap((route) => ('session' in route ? [routeMatcher(route.path)] : []));

/** A fetch preload in the credentials mode of the app's own `credentials: 'include'` fetch, which then takes its answer. */
const fetchPreload = (href: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}" />`;

/**
 * The data a page cannot draw without, asked for by the head while the scripts still load: without it the
 * request left only after the entry and the page's chunk had run, the last step before the page could
 * paint. The session on the pages that show a buyer or a visitor differently (measured on /cart: the
 * "Please log in" state waited for `/api/profile`, asked after the scripts ran), and the player's course
 * data unless the page already carries it (`withCourse`: plugins/player-page-data.ts). The crossorigin
 * mode matches the app's fetch, so that fetch takes this answer (a 401 or 403 included) instead of asking
 * again; a reload preloads afresh.
 */
export function dataPreload(pathname: string, { withCourse }: { withCourse: boolean }): string {
  const courseId = playerCourseId(pathname);
  return [
    SESSION_ROUTES.some((matcher) => matcher.test(pathname)) ? fetchPreload(accountPaths.profile) : '',
    courseId && !withCourse ? fetchPreload(pathWith(learningPaths.course, { courseId })) : '',
  ]
    .filter(Boolean)
    .join('\n');
}

interface ManifestEntry {
  file: string;
  name?: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
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
  // A page module that another chunk also imports is merged into a shared chunk (`_course-details-page-x.js`),
  // which the manifest names by the chunk, not the source: found by the file's name then.
  const keyOf = (source: string) =>
    manifest[source]
      ? source
      : (Object.keys(manifest).find(
          (key) => manifest[key]?.isDynamicEntry && manifest[key]?.name === path.basename(source, '.tsx'),
        ) ?? source);
  const layoutParts = (entry ? (manifest[entry]?.dynamicImports ?? []) : []).filter((key) =>
    key.startsWith('src/app/'),
  );
  const footer = new Set(layoutParts.flatMap((key) => [...closure(key, new Set())]));
  const tagsFor = (sources: readonly string[], drawn: boolean) => {
    const keys = sources.map(keyOf);
    const files = [...new Set(keys.flatMap((key) => [...closure(key, new Set())]))].filter((key) => !loaded.has(key));
    // What only the footer needs (not the page too).
    const pageFiles = new Set(
      keys.filter((key) => !layoutParts.includes(key)).flatMap((key) => [...closure(key, new Set())]),
    );
    const late = (key: string) => drawn || (footer.has(key) && !pageFiles.has(key));
    // The chunks' own styles too: Vite's loader waits for them before it runs a chunk. A page the server
    // draws needs them applied before its first paint, those of its lazily loaded parts included (the
    // home page's lower half, drawn too), or the HTML would show unstyled and then move.
    const lazyParts = drawn ? keys.flatMap((key) => manifest[key]?.dynamicImports ?? []) : [];
    const styled = [...files, ...lazyParts.flatMap((key) => [...closure(key, new Set())])];
    const styles = [...new Set(styled.flatMap((key) => (loaded.has(key) ? [] : (manifest[key]?.css ?? []))))];
    return [
      // A drawn page paints from its HTML and styles: its code, needed only to hydrate, yields the line to
      // them (measured on /login: the form's 40 KB of preloaded code shared the slow connection with the
      // styles its first paint waited for).
      // The layout's footer is below the fold on every page: it too comes after what the page paints first.
      ...files.map(
        (key) =>
          `<link rel="modulepreload" crossorigin href="/${escapeHtml(manifest[key]?.file ?? '')}"${late(key) ? ' fetchpriority="low"' : ''} />`,
      ),
      ...styles.map((file) =>
        drawn
          ? `<link rel="stylesheet" crossorigin href="/${escapeHtml(file)}" />`
          : `<link rel="preload" as="style" crossorigin href="/${escapeHtml(file)}" />`,
      ),
    ].join('\n');
  };

  const everyPage = tagsFor(layoutParts, false);
  const tags = PRELOADED_ROUTES.map(
    ([pattern, source, drawn]) => [pattern, tagsFor([source, ...layoutParts], drawn)] as const,
  );
  return (pathname) => tags.find(([pattern]) => pattern.test(pathname))?.[1] ?? everyPage;
}
