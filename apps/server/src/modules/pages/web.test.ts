import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages, pageMeta } from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, type TestApp } from '../../../test/helpers.js';
import { seedDemo } from '../../seed/seed.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { upsertCourse } from '../courses/repo.js';
import { grantEnrolment } from '../learning/grant-enrolment.js';

/** Shaped like Vite's build output: the static title and description come first, the scripts after them. */
const builtIndex = `<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <title>TradeSkool: Price Action, Futures and Options Courses</title>
    <meta name="description" content="Video courses on price action." />
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

/** Shaped like Vite's manifest: the entry, the layout's deferred part, landing pages' chunks, and chunks they share. */
const builtManifest = {
  'index.html': {
    file: 'assets/index-abc123.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/app/layout/page-end.tsx', 'src/features/home/home-page.tsx'],
  },
  'src/app/layout/page-end.tsx': { file: 'assets/page-end-e1.js', isDynamicEntry: true, imports: ['index.html'] },
  '_vendor.js': { file: 'assets/vendor-v1.js' },
  '_carousel.js': { file: 'assets/carousel-c1.js', imports: ['_vendor.js'] },
  'src/features/home/home-page.tsx': {
    file: 'assets/home-page-h1.js',
    isDynamicEntry: true,
    imports: ['_carousel.js', '_vendor.js'],
  },
  'src/features/catalog/course-details-page.tsx': { file: 'assets/course-details-page-d1.js', isDynamicEntry: true },
  'src/features/learning/player-page.tsx': {
    file: 'assets/player-page-p1.js',
    isDynamicEntry: true,
    imports: ['_vendor.js'],
    css: ['assets/player-page-p1.css'],
  },
};

const PUBLIC_URL = 'https://shop.example.in';
let webDist: string;
let t: TestApp;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), builtIndex);
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(path.join(webDist, '.vite/manifest.json'), JSON.stringify(builtManifest));
  t = await createTestApp({
    WEB_DIST: webDist,
    PUBLIC_URL,
    SITE_NAME: 'Nivesh Academy',
    LEGAL_DISPUTE_DAYS: '45',
    LEGAL_LIABILITY_CAP_INR: '25000',
  });
  await seedDemo(t.database.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function decode(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The head as a crawler reads it, without running any JavaScript. */
async function head(url: string) {
  const res = await t.app.inject({ url });
  const html = res.body;
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1] ?? ''));
  const metaNamed = (key: string) =>
    [...html.matchAll(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`, 'g'))].map((m) =>
      decode(m[1] ?? ''),
    );
  return { res, html, titles, metaNamed };
}

describe('page head sent by the server', () => {
  it('gives / its title and description, once each', async () => {
    const { res, titles, metaNamed } = await head('/');
    expect(res.statusCode).toBe(200);
    expect(titles).toEqual([`${pageMeta.home.title} | Nivesh Academy`]);
    expect(metaNamed('description')).toEqual([messages.bannerText]);
    expect(metaNamed('og:title')).toEqual([`${pageMeta.home.title} | Nivesh Academy`]);
    expect(metaNamed('og:url')).toEqual([`${PUBLIC_URL}/`]);
  });

  it('gives /courses its title and description', async () => {
    const { res, titles, metaNamed } = await head('/courses?q=options');
    expect(res.statusCode).toBe(200);
    expect(titles).toEqual(['All Courses | Nivesh Academy']);
    expect(metaNamed('description')).toEqual([pageMeta.courses.description]);
    expect(metaNamed('og:url')).toEqual([`${PUBLIC_URL}/courses`]);
  });

  it('gives a course page the course title, description and Open Graph tags', async () => {
    const course = demoCourses[2];
    if (!course?._id) throw new Error('demo course missing');
    const { res, titles, metaNamed, html } = await head(`/course-details/${course._id}`);
    expect(res.statusCode).toBe(200);
    expect(titles).toEqual([`${course.title} | Nivesh Academy`]);
    const [description] = metaNamed('description');
    expect(description?.length).toBeLessThanOrEqual(160);
    expect(course.courseDescription.replace(/\s+/g, ' ')).toContain((description ?? 'x').replace(/…$/, ''));
    expect(metaNamed('og:title')).toEqual([`${course.title} | Nivesh Academy`]);
    expect(metaNamed('og:description')).toEqual([description]);
    expect(metaNamed('og:image')).toEqual([`${PUBLIC_URL}${course.thumb}`]);
    expect(metaNamed('og:url')).toEqual([`${PUBLIC_URL}/course-details/${course._id}`]);
    expect(metaNamed('twitter:card')).toEqual(['summary_large_image']);
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/course-details/${course._id}" />`);
  });

  it('escapes course text and shows a changed course at once', async () => {
    const base = demoCourses[0];
    if (!base) throw new Error('demo course missing');
    const title = `Nifty </title><script>alert(1)</script> & "Bank" $& $' options`;
    const id = await upsertCourse(t.database.db, {
      ...base,
      _id: undefined,
      title,
      courseDescription: 'Learn <b>fast</b> & "well"',
    });
    const first = await head(`/course-details/${id}`);
    expect(first.html).not.toContain('<script>alert(1)</script>');
    expect(first.html).not.toContain('<b>fast</b>');
    expect(first.titles).toEqual([`${title} | Nivesh Academy`]);
    expect(first.metaNamed('description')).toEqual(['Learn <b>fast</b> & "well"']);

    await upsertCourse(t.database.db, { ...base, _id: id, title: 'Renamed Course Title' });
    expect((await head(`/course-details/${id}`)).titles).toEqual(['Renamed Course Title | Nivesh Academy']);
  });

  it('answers 404 for an unknown, malformed or withdrawn course', async () => {
    const base = demoCourses[1];
    if (!base) throw new Error('demo course missing');
    const hiddenId = await upsertCourse(t.database.db, { ...base, _id: undefined, title: 'Withdrawn Course' });
    await t.database.db.updateTable('courses').set({ published: 0 }).where('id', '=', hiddenId).execute();
    for (const id of ['ffffffffffffffffffffffff', 'not-an-id', hiddenId]) {
      const { res, titles, metaNamed } = await head(`/course-details/${id}`);
      expect(res.statusCode).toBe(404);
      expect(titles).toEqual(['Course not found | Nivesh Academy']);
      expect(metaNamed('og:url')).toEqual([]);
    }
  });

  it('keeps the 404 status for unknown paths', async () => {
    const { res, titles } = await head('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(titles).toEqual(['Page not found | Nivesh Academy']);
  });

  it('sends the legal settings to the browser in site-config', async () => {
    const { html } = await head('/terms-and-conditions');
    const content = /<meta name="site-config" content="([^"]*)"/.exec(html)?.[1];
    const site = JSON.parse(decode(content ?? '{}'));
    expect(site).toMatchObject({
      siteName: 'Nivesh Academy',
      legal: { disputeDays: 45, liabilityCapInr: 25000, liabilityMonths: 6, arbitrationSeat: 'Brussels, Belgium' },
    });
  });

  it('tells the browser whether Google sign-in is configured (the login page offers it only then)', async () => {
    const siteOf = (html: string) =>
      JSON.parse(decode(/<meta name="site-config" content="([^"]*)"/.exec(html)?.[1] ?? '{}'));
    expect(siteOf((await head('/login')).html).googleSignIn).toBe(false);
    const withGoogle = await createTestApp({
      WEB_DIST: webDist,
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: 'shop-client',
      GOOGLE_CLIENT_SECRET: 'shop-secret',
    });
    try {
      expect(siteOf((await withGoogle.app.inject({ url: '/login' })).body).googleSignIn).toBe(true);
    } finally {
      await withGoogle.close();
    }
  });
});

describe('landing pages name their own code in the head', () => {
  const preloads = async (url: string) =>
    [...(await t.app.inject({ url })).body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map(
      (m) => m[1],
    );

  it('the home page preloads its chunk and what it imports, not what the entry already loads', async () => {
    expect(await preloads('/')).toEqual([
      '/assets/home-page-h1.js',
      '/assets/carousel-c1.js',
      '/assets/page-end-e1.js',
    ]);
  });

  it('a drawn page preloads its code at low priority (it paints from HTML and styles); the player, drawn by its code, only its footer', async () => {
    const home = (await t.app.inject({ url: '/' })).body;
    expect(home).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/home-page-h1.js" fetchpriority="low" />',
    );
    const player = (await t.app.inject({ url: `/learn/${demoCourses[0]?._id}` })).body;
    expect(player).toContain('<link rel="modulepreload" crossorigin href="/assets/player-page-p1.js" />');
    // The footer, below the fold on every page, and needed by nothing the page paints first, comes after.
    expect(player).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/page-end-e1.js" fetchpriority="low" />',
    );
  });

  it("every page preloads the layout's deferred part (the footer); a 404 preloads nothing", async () => {
    expect(await preloads('/about-us')).toEqual(['/assets/page-end-e1.js']);
    expect(await preloads('/login')).toEqual(['/assets/page-end-e1.js']);
    expect(await preloads('/no-such-page')).toEqual([]);
  });

  it('a course page preloads the details chunk; an unknown course preloads nothing', async () => {
    expect(await preloads(`/course-details/${demoCourses[0]?._id}`)).toEqual([
      '/assets/course-details-page-d1.js',
      '/assets/page-end-e1.js',
    ]);
    expect(await preloads('/course-details/64a1f0c2b7e4d1a2c3e5ffff')).toEqual([]);
    // A page whose chunk the manifest does not list gets no tag for it rather than a broken one.
    expect(await preloads('/courses')).toEqual(['/assets/page-end-e1.js']);
  });

  const fetchPreload = (href: string) =>
    `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}" />`;
  const initialData = (html: string) => {
    const text = /<script type="application\/json" id="initial-data">([^<]*)<\/script>/.exec(html)?.[1];
    return text === undefined ? undefined : JSON.parse(text);
  };

  it('the player preloads its chunk, its styles, the session and the course data, whatever lesson is open', async () => {
    const courseId = demoCourses[0]?._id ?? '';
    for (const url of [`/learn/${courseId}`, `/learn/${courseId}/abc123`]) {
      const { body } = await t.app.inject({ url });
      expect(await preloads(url)).toEqual(['/assets/player-page-p1.js', '/assets/page-end-e1.js']);
      expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/player-page-p1.css" />');
      // The same credentials mode as the app's fetch, so the app takes this answer instead of asking again.
      expect(body).toContain(fetchPreload(`/api/learn/${courseId}`));
      expect(body).toContain(fetchPreload('/api/profile'));
    }
    // An id that would need escaping in the URL is not preloaded; public pages preload no data.
    expect((await t.app.inject({ url: '/learn/%22%3E%3Cscript%3E' })).body).not.toContain('href="/api/learn');
    expect((await t.app.inject({ url: '/about-us' })).body).not.toContain('as="fetch"');
  });

  it('the cart, checkout and dashboard pages ask for the session beside their scripts', async () => {
    for (const url of ['/cart', '/check-out', '/enrolled-courses', '/orders', '/profile', '/admin/coupons']) {
      const { body } = await t.app.inject({ url });
      expect(body, url).toContain(fetchPreload('/api/profile'));
      expect(body, url).not.toContain('href="/api/learn');
    }
  });

  it("a learner's player page carries their course, theirs alone; anyone else's carries none of it", async () => {
    const courseId = demoCourses[1]?._id ?? '';
    const learner = await createSignedInUser(t.database.db);
    await grantEnrolment(t.database.db, learner.id, courseId, new Date());
    const api = await t.app.inject({ url: `/api/learn/${courseId}`, cookies: { token: learner.token } });
    expect(api.statusCode).toBe(200);

    const page = await t.app.inject({ url: `/learn/${courseId}`, cookies: { token: learner.token } });
    expect(page.statusCode).toBe(200);
    // Written for one learner (signed file links, their ticks): no cache may keep it.
    expect(page.headers['cache-control']).toBe('no-store');
    const [seed] = initialData(page.body);
    expect(seed).toMatchObject({ endpoint: 'getLearnCourse', arg: courseId });
    // The answer the API gives, but for the file links' signatures, which carry the moment they were signed.
    const unsigned = (value: unknown) => JSON.stringify(value).replace(/[?&]e=\d+&s=[^"&]+/g, '');
    expect(unsigned(seed.data)).toBe(unsigned(api.json()));
    expect(page.body).not.toContain(`href="/api/learn/${courseId}"`);
    expect(page.body).toContain(fetchPreload('/api/profile'));

    // A learner who does not own the course, and a visitor: the page, with nothing of the course in it.
    const lessonTitle = seed.data.sections[0].lessons[0].title as string;
    const other = await createSignedInUser(t.database.db);
    const callers: Record<string, string>[] = [{ token: other.token }, {}, { token: 'not-a-session' }];
    for (const cookies of callers) {
      const res = await t.app.inject({ url: `/learn/${courseId}`, cookies });
      expect(res.statusCode).toBe(200);
      expect(initialData(res.body)).toBeUndefined();
      expect(res.body).not.toContain(lessonTitle);
      expect(res.body).toContain(fetchPreload(`/api/learn/${courseId}`));
    }
  });

  it('every page goes out compressed, not only /, while unknown API paths still answer 404 in JSON', async () => {
    for (const url of ['/', `/learn/${demoCourses[0]?._id}`, '/about-us', '/no-such-page']) {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.headers['content-encoding'], url).toBe('br');
    }
    const api = await t.app.inject({ url: '/api/no-such-call' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ ok: false, message: messages.routeNotFound });
  });
});
