import { describe, expect, it } from 'vitest';
import { pageMeta } from './page-meta.js';
import { clientRoutePatterns, isClientRoute, pageHeadOf, pageRoutes } from './routes.js';

describe('the page table', () => {
  it('knows every page address, its parameters, the console below /admin and the old addresses', () => {
    for (const path of [
      '/',
      '/courses/',
      '/learn/c1',
      '/learn/c1/l2',
      '/admin',
      '/admin/orders/7',
      '/shop-details/x',
      '/memberships',
      '/memberships/p1',
    ]) {
      expect(isClientRoute(path), path).toBe(true);
    }
    for (const path of [
      '/nope',
      '/learn',
      '/learn/c1/l2/x',
      '/course-details',
      '/administrator',
      '/memberships/p1/x',
    ]) {
      expect(isClientRoute(path), path).toBe(false);
    }
  });

  it('lists each address once', () => {
    expect(new Set(clientRoutePatterns).size).toBe(clientRoutePatterns.length);
  });

  it("gives the static pages their head and marks the course page, whose head is the course's", () => {
    expect(pageHeadOf('/')).toBe(pageMeta.home);
    expect(pageHeadOf('/refund-policy')).toBe(pageMeta.refundPolicy);
    expect(pageHeadOf('/memberships')).toBe(pageMeta.memberships);
    expect(pageHeadOf('/memberships/p1')).toBeNull();
    expect(pageHeadOf('/course-details/abc')).toBe('course');
    expect(pageHeadOf('/cart')).toBeNull();
    expect(pageHeadOf('/courses/x')).toBeNull();
  });

  it('names every pageMeta entry on some page', () => {
    const heads = new Set(pageRoutes.map((route) => ('head' in route ? route.head : null)));
    for (const key of Object.keys(pageMeta)) expect(heads.has(key as never), key).toBe(true);
  });
});
