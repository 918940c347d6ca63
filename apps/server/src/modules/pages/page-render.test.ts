import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.js';
import { seedDemo } from '../../seed/seed.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { upsertCourse } from '../courses/repo.js';

const builtIndex = `<!doctype html>
<html lang="en-IN">
  <head>
    <title>TradeSkool</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/**
 * Stands in for the web's server build (apps/web/src/entry-server.tsx, built by `npm run build`): it
 * draws what it was given (address, site name, the titles of the catalogue answers) and numbers its
 * renders, so a test sees which requests drew the page anew. The real one is driven by e2e/server-rendered.test.ts.
 */
const fakeRenderer = `let renders = 0;
export async function renderPage(pathname, site, queries) {
  if (pathname === '/about-us') throw new Error('a component failed');
  renders += 1;
  const titles = queries.flatMap((query) => query.endpoint === 'getCourses' ? query.data.map((c) => c.title) : [query.data.title]);
  return '<main data-render="' + renders + '" data-path="' + pathname + '">' + site.siteName + ': ' + titles.length + ' titles</main>';
}`;

let folder: string;
let t: TestApp;

beforeAll(async () => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-render-'));
  fs.mkdirSync(path.join(folder, 'dist'));
  fs.writeFileSync(path.join(folder, 'dist/index.html'), builtIndex);
  fs.mkdirSync(path.join(folder, 'dist-server'));
  fs.writeFileSync(path.join(folder, 'dist-server/entry-server.js'), fakeRenderer);
  t = await createTestApp({ WEB_DIST: path.join(folder, 'dist'), SITE_NAME: 'Nivesh Academy' });
  await seedDemo(t.database.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

/** The page as a browser receives it: the drawn body and the answers embedded for the browser's cache. */
async function page(url: string) {
  const res = await t.app.inject({ url });
  const json = /<script type="application\/json" id="initial-data">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
  const drawn = /<div id="root">(<main data-render="(\d+)"[^>]*>[^<]*<\/main>)<\/div>/.exec(res.body);
  return {
    status: res.statusCode,
    body: res.body,
    data: json === undefined ? undefined : (JSON.parse(json) as { endpoint: string; data: unknown }[]),
    json,
    drawn: drawn?.[1],
    render: drawn ? Number(drawn[2]) : undefined,
  };
}

describe('public pages drawn on the server', () => {
  it('sends / drawn, with the catalogue it was drawn with for the browser to start from', async () => {
    const home = await page('/');
    const api = (await t.app.inject({ url: '/api/courses' })).json() as { courses: unknown[] };
    expect(home.status).toBe(200);
    expect(home.drawn).toContain(`Nivesh Academy: ${api.courses.length} titles`);
    expect(home.data).toEqual([{ endpoint: 'getCourses', data: api.courses }]);
  });

  it('draws a page once per catalogue version, and anew when a course changes', async () => {
    const first = await page('/courses');
    expect((await page('/courses')).render).toBe(first.render);

    const base = demoCourses[0];
    if (!base?._id) throw new Error('demo course missing');
    await upsertCourse(t.database.db, { ...base, title: 'Renamed For The Render Test' });
    t.app.deps.catalogCache.invalidate();
    const changed = await page('/courses');
    expect(changed.render).not.toBe(first.render);
    expect(JSON.stringify(changed.data)).toContain('Renamed For The Render Test');
  });

  it('embeds course text so that no `</script>` or line separator can end the data early', async () => {
    const base = demoCourses[1];
    if (!base) throw new Error('demo course missing');
    const title = 'Options </script><script>alert(1)</script> <!-- \u2028\u2029 end';
    const id = await upsertCourse(t.database.db, { ...base, _id: undefined, title });
    t.app.deps.catalogCache.invalidate();
    const course = await page(`/course-details/${id}`);
    expect(course.status).toBe(200);
    expect(course.json).not.toMatch(/<\/script|<!--|\u2028|\u2029/);
    expect(course.data).toEqual([
      { endpoint: 'getCourse', arg: id, data: expect.objectContaining({ _id: id, title }) },
    ]);
    expect(course.body).not.toContain('<script>alert(1)</script>');
  });

  it('draws the not-found page for unknown addresses with a 404, once for all of them', async () => {
    const first = await page('/no-such-page');
    const second = await page('/another/unknown/address');
    expect([first.status, second.status]).toEqual([404, 404]);
    expect(first.drawn).toContain('data-path="/no-such-page"');
    expect(second.render).toBe(first.render);
    expect(first.data).toEqual([]);
  });

  it('leaves a search, an unknown course and the pages of signed-in visitors to the browser', async () => {
    for (const url of ['/courses?q=options', '/course-details/ffffffffffffffffffffffff', '/cart', '/profile']) {
      const sent = await page(url);
      expect(sent.body, url).toContain('<div id="root"></div>');
      expect(sent.data, url).toBeUndefined();
    }
  });

  it('sends the page undrawn when drawing it fails', async () => {
    const about = await page('/about-us');
    expect(about.status).toBe(200);
    expect(about.body).toContain('<div id="root"></div>');
  });
});
