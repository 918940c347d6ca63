import zlib from 'node:zlib';
import { getCourseResponse, listCoursesResponse } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { createDemoShopApp } from '../../../test/helpers.js';
import { useTestApp } from '../../../test/use-test-app.js';
import { demoCourses } from '../../seed/seed-courses.js';
import { importCourses } from './import-courses.js';

const t = useTestApp(createDemoShopApp);

/** The spec's fields of a course card in the list; the detail answer has these and more. */
const cardFields = [
  '_id',
  'title',
  'thumb',
  'tag',
  'review',
  'rating',
  'instructor',
  'price',
  'level',
  'createdAt',
  'students',
];

describe('GET /api/courses', () => {
  it('lists the twelve demo courses as card summaries with rupee prices', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(res.statusCode).toBe(200);
    const body = listCoursesResponse.parse(res.json());
    expect(body.courses).toHaveLength(12);
    const first = body.courses.find((c) => c._id === demoCourses[0]?._id);
    // No buyer has reviewed a fresh shop's courses: no rating is shown (decision 0022), whatever the seed stored.
    expect(first).toMatchObject({
      title: demoCourses[0]?.title,
      price: 4999,
      rating: 0,
      review: '0.0',
      level: 'Beginner',
    });
    expect(Object.keys(res.json().courses[0]).sort()).toEqual([...cardFields].sort());
  });

  it('filters by title, tag or instructor, case-insensitively', async () => {
    const byTitle = listCoursesResponse.parse((await t.app.inject({ url: '/api/courses?q=GREEKS' })).json());
    expect(byTitle.courses.map((c) => c.title)).toEqual(['Option Greeks and Strategy Building']);
    const byTag = listCoursesResponse.parse((await t.app.inject({ url: '/api/courses?q=options' })).json());
    expect(byTag.courses.length).toBeGreaterThanOrEqual(2);
    const byInstructor = listCoursesResponse.parse((await t.app.inject({ url: '/api/courses?q=priya' })).json());
    expect(byInstructor.courses.every((c) => c.instructor === 'Priya Nair')).toBe(true);
    expect(byInstructor.courses).toHaveLength(2);
  });

  it('treats LIKE wildcards in the search text literally', async () => {
    const res = await t.app.inject({ url: '/api/courses?q=%25' });
    expect(listCoursesResponse.parse(res.json()).courses).toEqual([]);
    const underscore = await t.app.inject({ url: '/api/courses?q=_' });
    expect(listCoursesResponse.parse(underscore.json()).courses).toEqual([]);
  });

  it('refuses an over-long search with a 400 message', async () => {
    const res = await t.app.inject({ url: `/api/courses?q=${'a'.repeat(101)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false });
    expect(res.json().message).toMatch(/q/);
  });
});

describe('GET /api/courses/:id', () => {
  it('returns one course', async () => {
    const id = demoCourses[4]?._id;
    const res = await t.app.inject({ url: `/api/courses/${id}` });
    expect(res.statusCode).toBe(200);
    const body = getCourseResponse.parse(res.json());
    expect(body.course).toMatchObject({ _id: id, title: demoCourses[4]?.title, price: 7999 });
  });

  it('answers 404 with a message for an unknown id', async () => {
    const res = await t.app.inject({ url: '/api/courses/ffffffffffffffffffffffff' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ ok: false, message: 'Course not found' });
  });

  it('answers 400 for a malformed id', async () => {
    const res = await t.app.inject({ url: '/api/courses/not-an-id' });
    expect(res.statusCode).toBe(400);
    expect(res.json().ok).toBe(false);
    expect(res.json().message).toMatch(/id/);
  });
});

describe('course import', () => {
  it('adds and updates courses from JSON', async () => {
    const created = {
      title: 'Imported Course On Volume',
      thumb: '/images/courses/basic-maths.svg',
      tag: 'Volume',
      instructor: 'Test Teacher',
      price: 1234.5,
      level: 'Beginner',
    };
    const [id] = await importCourses(t.database.db, JSON.stringify([created]));
    const res = await t.app.inject({ url: `/api/courses/${id}` });
    expect(getCourseResponse.parse(res.json()).course).toMatchObject({
      title: created.title,
      price: 1234.5,
      // An imported figure is not shown: ratings come from buyers' reviews (decision 0022).
      rating: 0,
    });

    await importCourses(t.database.db, JSON.stringify({ courses: [{ ...created, _id: id, price: 999 }] }));
    t.app.deps.catalogCache.invalidate();
    const updated = getCourseResponse.parse((await t.app.inject({ url: `/api/courses/${id}` })).json());
    expect(updated.course.price).toBe(999);
  });

  it('rejects a bad file naming the record and field, and writes nothing', async () => {
    const before = listCoursesResponse.parse((await t.app.inject({ url: '/api/courses' })).json()).courses.length;
    const good = { title: 'Good One', thumb: '/x.svg', tag: 'T', instructor: 'I', price: 10, level: 'Beginner' };
    const bad = { ...good, title: 'Bad One', price: -5 };
    await expect(importCourses(t.database.db, JSON.stringify([good, bad]))).rejects.toThrow(
      /Record 2 "Bad One", field price/,
    );
    await expect(importCourses(t.database.db, '{not json')).rejects.toThrow(/not valid JSON/);
    const after = listCoursesResponse.parse((await t.app.inject({ url: '/api/courses' })).json()).courses.length;
    expect(after).toBe(before);
  });

  it('refuses what the console refuses: a video link that is no YouTube link, a price under ₹1, three decimals', async () => {
    const good = { title: 'Good One', thumb: '/x.svg', tag: 'T', instructor: 'I', price: 10, level: 'Beginner' };
    const refused = [
      [
        { videoLink: 'https://evil.example/watch' },
        'field videoLink: must be a YouTube link or an 11-character video id',
      ],
      [{ price: 0.5 }, 'field price: must be 0 (free) or at least ₹1.00'],
      [{ price: 10.001 }, 'field price: must have at most two decimals'],
      [{ tag: '   ' }, 'field tag: is required'],
    ] as const;
    for (const [change, message] of refused)
      await expect(importCourses(t.database.db, JSON.stringify([{ ...good, ...change }]))).rejects.toThrow(message);
    // What the console takes, the import takes.
    const [id] = await importCourses(
      t.database.db,
      JSON.stringify([{ ...good, videoLink: 'https://youtu.be/aqz-KE-bpKQ' }]),
    );
    const row = await t.database.db
      .selectFrom('courses')
      .select('video_link')
      .where('id', '=', id as string)
      .executeTakeFirst();
    expect(row?.video_link).toBe('https://youtu.be/aqz-KE-bpKQ');
  });
});

describe('catalogue caching', () => {
  it('answers a repeated list request with 304 when the ETag matches', async () => {
    const first = await t.app.inject({ url: '/api/courses' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ url: '/api/courses', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('shows a changed course at once after invalidation', async () => {
    const id = demoCourses[1]?._id ?? '';
    const before = await t.app.inject({ url: `/api/courses/${id}` });
    await importCourses(t.database.db, JSON.stringify([{ ...demoCourses[1], price: 7777 }]));
    t.app.deps.catalogCache.invalidate();
    const after = await t.app.inject({
      url: `/api/courses/${id}`,
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(getCourseResponse.parse(after.json()).course.price).toBe(7777);
  });
});

describe('detail contract', () => {
  it('the detail answer carries every field of the spec, curriculum and outcomes included', async () => {
    const res = await t.app.inject({ url: `/api/courses/${demoCourses[0]?._id}` });
    expect(Object.keys(res.json().course).sort()).toEqual(
      [
        ...cardFields,
        'videoLink',
        'courseDescription',
        'description',
        'whatYoullLearn',
        'curriculum',
        // Issue 34 (decision 0038): the course's instalment offer, null when it has none.
        'instalments',
        // Issue 35: its open cohorts (none for a self-paced course) and whether it is sold by cohort.
        'cohorts',
        'runsInCohorts',
      ].sort(),
    );
    expect(res.json().course.instalments).toBeNull();
    expect(res.json().course).toMatchObject({ cohorts: [], runsInCohorts: false });
    expect(res.json().course.curriculum[0]).toEqual({
      title: 'Why price comes first',
      duration: '18 min',
      content: expect.any(String),
    });
  });
});

describe('compressed catalogue answers', () => {
  it('sends brotli or gzip when accepted, and the same JSON either way', async () => {
    const plain = await t.app.inject({ url: '/api/courses' });
    const br = await t.app.inject({ url: '/api/courses', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await t.app.inject({ url: '/api/courses', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });
});
