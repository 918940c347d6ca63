import { describe, expect, test } from 'vitest';
import { useTestApp } from '../../test/use-test-app.js';

/**
 * Answers that are not JSON: files, PDFs, CSV, HLS playlists and segments, redirects and pages. Each
 * sends its bytes as they are; their refusals are JSON through the error handler. This list may only
 * shrink: a new JSON route declares its answer's schema, so a field not in the contract never leaves.
 */
const NOT_JSON = new Set([
  'GET /api/admin/gstr1',
  'GET /api/admin/orders.csv',
  'GET /api/admin/subscribers.csv',
  'GET /api/admin/tax-settings/signature',
  // The tus protocol's own answers: headers and empty bodies (video/upload-server.ts).
  'POST /api/admin/lessons/:lessonId/video/uploads',
  'PATCH /api/admin/lessons/:lessonId/video/uploads/:uploadId',
  'DELETE /api/admin/lessons/:lessonId/video/uploads/:uploadId',
  'POST /api/admin/live-sessions/:id/recording/uploads',
  'PATCH /api/admin/live-sessions/:id/recording/uploads/:uploadId',
  'DELETE /api/admin/live-sessions/:id/recording/uploads/:uploadId',
]);

const t = useTestApp();

describe("every JSON answer goes through its route's response schema", () => {
  test('each /api route declares the schema of its success answer, or is listed as not JSON', () => {
    const missing = t.app.routeTable
      .filter((route) => route.url.startsWith('/api/'))
      .filter((route) => !route.responseStatuses.some((status) => status.startsWith('2')))
      .map((route) => `${route.method} ${route.url}`)
      .filter((route) => !NOT_JSON.has(route));
    expect(missing).toEqual([]);
  });

  test('the list of answers that are not JSON names only routes that exist and declare no schema', () => {
    const bare = new Set(
      t.app.routeTable
        .filter((route) => !route.responseStatuses.some((status) => status.startsWith('2')))
        .map((route) => `${route.method} ${route.url}`),
    );
    expect([...NOT_JSON].filter((route) => !bare.has(route))).toEqual([]);
  });
});
