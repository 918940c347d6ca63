import { describe, expect, test } from 'vitest';
import { catalogPaths, notePaths, pathWith } from './api-paths.js';

describe('pathWith', () => {
  test('fills every parameter, leaving the rest of the path as written', () => {
    expect(pathWith(notePaths.note, { courseId: 'c1', noteId: 7 })).toBe('/api/learn/c1/notes/7');
    expect(pathWith(notePaths.markdown, { courseId: 'c1' })).toBe('/api/learn/c1/notes.md');
    // @ts-expect-error: a parameter the path does not name is refused at compile time
    pathWith(catalogPaths.course, { courseId: 'c1' });
  });

  test('encodes a value so it stays one path segment', () => {
    expect(pathWith(catalogPaths.course, { id: '../admin/x?y=1#z' })).toBe('/api/courses/..%2Fadmin%2Fx%3Fy%3D1%23z');
  });
});
