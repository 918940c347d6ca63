import type { AdminCourseInput } from '@shop/shared';
import type { TestApp, TestUser } from './helpers.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as a browser would: session cookie plus our own Origin on writes. */
export function callAs(t: TestApp, user: TestUser | null) {
  const origin = new URL(t.config.publicUrl).origin;
  return (method: Method, url: string, payload?: object | Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(user ? { cookie: user.cookie } : {}), origin, ...headers },
      ...(payload === undefined ? {} : { payload }),
    });
}

let counter = 0;

/** A complete, valid course form; override what a test is about. */
export function courseForm(
  overrides: Partial<AdminCourseInput> = {},
): AdminCourseInput & Required<Pick<AdminCourseInput, 'curriculum' | 'lessonVideos'>> {
  counter += 1;
  return {
    title: `Options Basics ${Date.now().toString(36)}${counter}`,
    tag: 'Options',
    instructor: 'Ravi Mehta',
    price: 1499.5,
    level: 'Beginner',
    videoLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    thumb: '/uploads/thumbs/example-700.webp',
    rating: 4.5,
    courseDescription: 'Learn how options work.',
    description: 'A longer description.',
    whatYoullLearn: ['Calls and puts', 'Option Greeks'],
    curriculum: [
      { title: 'Introduction', duration: '10 min', content: 'What an option is.' },
      { title: 'Pricing', duration: '20 min', content: 'How premiums move.' },
    ],
    lessonVideos: ['https://youtu.be/aqz-KE-bpKQ'],
    published: true,
    ...overrides,
  } as AdminCourseInput & Required<Pick<AdminCourseInput, 'curriculum' | 'lessonVideos'>>;
}
