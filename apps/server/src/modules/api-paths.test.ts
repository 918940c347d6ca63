import * as shared from '@shop/shared';
import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/use-test-app.js';

/** Every `…Paths` group @shop/shared exports, as `group.key -> path`. */
const mapped = new Map(
  Object.entries(shared)
    .filter(([name, value]) => name.endsWith('Paths') && typeof value === 'object' && value !== null)
    .flatMap(([group, paths]) =>
      Object.entries(paths as Record<string, string>).map(([key, path]) => [path, `${group}.${key}`]),
    ),
);

const t = useTestApp();

describe('the path map (packages/shared/src/api-paths.ts) and the routes the server registers', () => {
  test('every route the server answers is written in the map', () => {
    const registered = [...new Set(t.app.routeTable.map((route) => route.url))];
    expect(registered.length).toBeGreaterThan(50);
    expect(registered.filter((url) => !mapped.has(url))).toEqual([]);
  });

  test('every path in the map is a route the server answers', () => {
    const registered = new Set(t.app.routeTable.map((route) => route.url));
    expect([...mapped].filter(([path]) => !registered.has(path)).map(([, name]) => name)).toEqual([]);
  });

  test('each path is written once', () => {
    const all = Object.entries(shared)
      .filter(([name]) => name.endsWith('Paths'))
      .flatMap(([, paths]) => Object.values(paths as Record<string, string>));
    expect(all.length).toBe(mapped.size);
  });
});
