import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginPathFor, safeNextPath } from './safe-next-path';

describe('safeNextPath', () => {
  it('keeps same-site relative paths with their query and hash', () => {
    expect(safeNextPath('/cart')).toBe('/cart');
    expect(safeNextPath('/course-details/64a1f0c2b7e4d1a2c3e50001?tab=1#reviews')).toBe(
      '/course-details/64a1f0c2b7e4d1a2c3e50001?tab=1#reviews',
    );
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      null,
      '',
      'cart',
      '//evil.example/cart',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '/\tevil',
      ' /cart',
      // Paths that become '//evil.example' only once their dot segments are collapsed.
      '/.//evil.example/x',
      '/..//evil.example',
      '/a/..//evil.example',
      '/./\\evil.example',
      '/.\\/evil.example',
      '/%2e//evil.example',
      '/%2E%2E//evil.example',
      '/cart/../..//evil.example',
    ]) {
      expect(safeNextPath(value), String(value)).toBeNull();
    }
  });

  it('whatever it is given, returns null or a path that stays on this site and comes back unchanged', () => {
    const piece = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      'evil.example',
      'https:',
      'javascript:',
      '@',
      ':',
      '?',
      '#',
      '\t',
      '\n',
      ' ',
      'cart',
    );
    const hostile = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(hostile, fc.string()), (value) => {
        const path = safeNextPath(value);
        if (path === null) return;
        expect(path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'), path).toBe(true);
        // Followed from any page of the shop, it stays on the shop.
        for (const page of ['http://shop.test/', 'http://shop.test/login?next=x', 'http://shop.test/a/b/c']) {
          expect(new URL(path, page).origin, `${value} -> ${path}`).toBe('http://shop.test');
        }
        expect(safeNextPath(path)).toBe(path);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('loginPathFor', () => {
  it('makes a login link that safeNextPath brings back unchanged', () => {
    const returnTo = '/course-details/64a1f0c2b7e4d1a2c3e50001?tab=1';
    const link = new URL(loginPathFor(returnTo), 'http://shop.test');
    expect(link.pathname).toBe('/login');
    expect(safeNextPath(link.searchParams.get('next'))).toBe(returnTo);
  });
});
