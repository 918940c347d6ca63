import { describe, expect, it } from 'vitest';
import { courseFields } from './contracts/course-fields.js';
import { extractVideoId } from './video.js';

describe('extractVideoId', () => {
  it.each([
    ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['http://m.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['  https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ  ', 'dQw4w9WgXcQ'],
  ])('finds the id in %s', (link, id) => {
    expect(extractVideoId(link)).toBe(id);
  });

  it.each([
    // Attack report D5: these end in an 11-character id but are no YouTube link.
    'javascript:alert(1)//dQw4w9WgXcQ',
    'JAVASCRIPT:alert(1)//dQw4w9WgXcQ',
    'data:text/html,<script>alert(1)</script>//dQw4w9WgXcQ',
    'https://evil.example/watch?v=dQw4w9WgXcQ',
    'https://youtube.com.evil.example/dQw4w9WgXcQ',
    'ftp://youtube.com/dQw4w9WgXcQ',
    'https://www.youtube.com/watch?v=short',
    '',
    null,
  ])('refuses %s', (link) => {
    expect(extractVideoId(link)).toBeNull();
  });
});

describe("a course's thumbnail address", () => {
  const check = (thumb: string) => courseFields.thumb.safeParse(thumb).success;

  it('is a path on this site or an https address', () => {
    expect(check('/uploads/thumbs/abc-700.webp')).toBe(true);
    expect(check('/images/courses/futures-essentials.svg')).toBe(true);
    expect(check('https://cdn.example.com/thumb.webp')).toBe(true);
  });

  it('is never a script, data, protocol-relative or plain-http address', () => {
    for (const thumb of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'http://example.com/x.png',
      'x.png',
      '',
    ]) {
      expect(check(thumb), thumb).toBe(false);
    }
  });
});
