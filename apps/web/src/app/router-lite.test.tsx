import { describe, expect, it } from 'vitest';
import { findRoute, type Location, Route, rankedRoutes, resolve } from './router-lite';

const shop = rankedRoutes(
  <Route element={<p />}>
    <Route path="*" element={<p />} />
    <Route path="/learn/:courseId" element={<p />} />
    <Route path="/learn/:courseId/:lessonId" element={<p />} />
    <Route path="/admin/*" element={<p />} />
    <Route path="/courses" element={<p />} />
    <Route path="/course-details/:id" element={<p />} />
    <Route path="/course-details/new" element={<p />} />
  </Route>,
);
const consoleRoutes = rankedRoutes(
  <>
    <Route index element={<p />} />
    <Route path="orders" element={<p />} />
    <Route path="orders/:id" element={<p />} />
    <Route path="*" element={<p />} />
  </>,
);
const pathOf = (found: ReturnType<typeof findRoute>) => found?.branch.chain.at(-1)?.path ?? (found ? 'index' : null);

describe('router-lite matches as React Router does', () => {
  it('ranks static segments over :params over the catch-all, whatever the order written', () => {
    expect(pathOf(findRoute(shop, '/course-details/new', '/'))).toBe('/course-details/new');
    expect(pathOf(findRoute(shop, '/course-details/abc', '/'))).toBe('/course-details/:id');
    expect(pathOf(findRoute(shop, '/Courses/', '/'))).toBe('/courses');
    expect(pathOf(findRoute(shop, '/courses/x', '/'))).toBe('*');
    expect(pathOf(findRoute(shop, '/learn/c1/l%20two', '/'))).toBe('/learn/:courseId/:lessonId');
    expect(findRoute(shop, '/learn/c1/l%20two', '/')?.params).toEqual({ courseId: 'c1', lessonId: 'l two' });
  });

  it('a splat gives nested routes its base; they match the rest of the address', () => {
    const admin = findRoute(shop, '/admin/orders/7', '/');
    expect(pathOf(admin)).toBe('/admin/*');
    expect(admin?.base).toBe('/admin');
    expect(admin?.params).toEqual({ '*': 'orders/7' });
    expect(findRoute(consoleRoutes, '/admin/orders/7', '/admin')?.params).toEqual({ id: '7' });
    expect(pathOf(findRoute(consoleRoutes, '/admin', '/admin'))).toBe('index');
    expect(pathOf(findRoute(consoleRoutes, '/admin/orders', '/admin'))).toBe('orders');
    expect(pathOf(findRoute(consoleRoutes, '/admin/nope', '/admin'))).toBe('*');
  });

  it('resolves absolute, search-only, hash-only and relative addresses', () => {
    const here: Location = { pathname: '/admin/orders', search: '?page=2', hash: '', state: null, key: 'k' };
    expect(resolve('/courses?q=x', '/admin', here)).toBe('/courses?q=x');
    expect(resolve('?page=3', '/admin', here)).toBe('/admin/orders?page=3');
    expect(resolve('#top', '/admin', here)).toBe('/admin/orders?page=2#top');
    expect(resolve('orders/7', '/admin', here)).toBe('/admin/orders/7');
    expect(resolve('../courses', '/admin/orders', here)).toBe('/admin/courses');
  });
});
