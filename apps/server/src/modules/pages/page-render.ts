import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageRoutes, routeMatcher } from '@shop/shared';
import type { AppDeps } from '../../deps.js';
import type { CachedAnswer } from '../../plugins/cached-answer.js';
import { courseAnswer, courseListAnswer } from '../catalog/cached-answers.js';

/** What the web's `vite build --ssr src/entry-server.tsx` exports (apps/web/src/entry-server.tsx). */
interface WebRenderer {
  renderPage(pathname: string, site: unknown, queries: SeedQuery[]): Promise<string>;
}

/** The web's `SeedQuery` (apps/web/src/app/initial-data.ts): an answer of its query cache, by endpoint. */
type SeedQuery =
  | { endpoint: 'getCourses'; arg: undefined; data: unknown }
  | { endpoint: 'getCourse'; arg: string; data: unknown };

export interface RenderedPage {
  /** The page's HTML, for inside `#root`. */
  body: string;
  /** The answers it was drawn with, as JSON safe inside `<script type="application/json">`. */
  data: string;
}

const RENDERED = pageRoutes.flatMap((route) =>
  'serverRendered' in route ? [[routeMatcher(route.path), route] as const] : [],
);
const COURSE_ID = /([^/]+)\/?$/;
const MAX_PAGES = 500;

/**
 * JSON text made safe inside `<script type="application/json">`: `<` as `\u003c`, so no `</script>` or
 * `<!--` in a course text can end the element early; U+2028 and U+2029 escaped as well (older parsers
 * took them for line ends). JSON.parse reads all three back.
 */
export function scriptSafe(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function jsonForScript(value: unknown): string {
  return scriptSafe(JSON.stringify(value));
}

/** The catalogue answers a page is drawn with: the same cached answers `/api/courses` and `/api/courses/:id` send. */
async function answersFor(
  deps: AppDeps,
  head: string | undefined,
  pathname: string,
): Promise<{ answer: CachedAnswer; query: (body: string) => SeedQuery }[]> {
  if (head === 'home' || head === 'courses') {
    const answer = await courseListAnswer(deps);
    return [{ answer, query: (body) => ({ endpoint: 'getCourses', arg: undefined, data: JSON.parse(body).courses }) }];
  }
  if (head === 'course') {
    const id = COURSE_ID.exec(pathname)?.[1] ?? '';
    const answer = await courseAnswer(deps, id);
    return [{ answer, query: (body) => ({ endpoint: 'getCourse', arg: id, data: JSON.parse(body).course }) }];
  }
  return [];
}

/**
 * Renders the public pages on the server with the web's own components (decision 0026), once per page
 * and catalogue version: a page is kept under its address and the ETags of the catalogue answers it
 * shows, so a changed course is drawn anew on the next request while an unchanged one costs a map lookup.
 * Without the web's server build (`npm run build` writes it beside dist/), pages go out undrawn as before.
 */
export async function pageRenderer(
  deps: AppDeps,
  webDist: string | null,
  site: unknown,
): Promise<(pathname: string, status: 200 | 404) => Promise<RenderedPage | null>> {
  const file = webDist && path.join(path.dirname(webDist), 'dist-server', 'entry-server.js');
  if (!file || !fs.existsSync(file)) return async () => null;
  const renderer = (await import(pathToFileURL(file).href)) as WebRenderer;
  const pages = new Map<string, Promise<RenderedPage>>();

  const render = async (pathname: string, queries: () => SeedQuery[]): Promise<RenderedPage> => {
    const seeds = queries();
    return { body: await renderer.renderPage(pathname, site, seeds), data: jsonForScript(seeds) };
  };

  return async (pathname, status) => {
    // Every unknown address draws the same not-found page: one entry, whatever address is asked for.
    const route = status === 404 ? undefined : RENDERED.find(([matcher]) => matcher.test(pathname))?.[1];
    if (status === 200 && !route) return null;
    const answers = route ? await answersFor(deps, 'head' in route ? route.head : undefined, pathname) : [];
    const key = [status === 404 ? '\0not-found' : pathname, ...answers.map(({ answer }) => answer.etag)].join('\n');
    let page = pages.get(key);
    if (!page) {
      page = render(pathname, () => answers.map(({ answer, query }) => query(answer.body)));
      if (pages.size >= MAX_PAGES) pages.clear();
      pages.set(key, page);
      page.catch(() => pages.delete(key));
    }
    return page;
  };
}
