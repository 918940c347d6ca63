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
    ]) {
      expect(safeNextPath(value), String(value)).toBeNull();
    }
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
