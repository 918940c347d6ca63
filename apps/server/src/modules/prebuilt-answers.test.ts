import { catalogPaths, learningPaths, pathWith } from '@shop/shared';
import { describe, expect, test } from 'vitest';
import type { ZodType } from 'zod';
import { createSeededTestApp } from '../../test/helpers.js';
import { useTestApp } from '../../test/use-test-app.js';

const t = useTestApp(() => createSeededTestApp());

/**
 * A route marked `prebuilt` sends bytes prepared ahead (the catalogue's cached answers), so Fastify
 * does not run its response schema. Here every such route is asked as a browser would and its bytes
 * must be exactly what the schema lets out: valid, and with no field the contract does not name.
 */
async function samplesFor(url: string): Promise<string[]> {
  const list = (await t.app.inject({ url: catalogPaths.courses })).json() as { courses: { _id: string }[] };
  const first = list.courses[0]?._id ?? '';
  const samples: Record<string, string[]> = {
    [catalogPaths.courses]: [catalogPaths.courses, `${catalogPaths.courses}?q=options`],
    [catalogPaths.course]: [pathWith(catalogPaths.course, { id: first })],
    [learningPaths.previews]: list.courses.map((course) => pathWith(learningPaths.previews, { courseId: course._id })),
  };
  return samples[url] ?? [];
}

describe('answers sent as prepared bytes', () => {
  test('each matches its route response schema exactly, for every prebuilt route', async () => {
    const prebuilt = t.app.routeTable.filter((route) => route.prebuilt);
    expect(prebuilt.map((route) => route.url).sort()).toEqual(
      [catalogPaths.courses, catalogPaths.course, learningPaths.previews].sort(),
    );
    for (const route of prebuilt) {
      const urls = await samplesFor(route.url);
      expect(urls.length, route.url).toBeGreaterThan(0);
      for (const url of urls) {
        const res = await t.app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        const sent = JSON.parse(res.body);
        const parsed = (route.successSchema as ZodType).safeParse(sent);
        expect(parsed.error?.issues ?? [], url).toEqual([]);
        // What the schema would have let out is all that was sent: no field the contract does not name.
        expect(sent, url).toEqual(parsed.data);
      }
    }
  });
});
