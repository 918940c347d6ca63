import type { Page } from 'playwright-core';
import { baseURL } from './browser';
import { type E2EUser, postAs } from './users';

/**
 * What browser tests do to the e2e shop besides driving its pages: create a course through the console's
 * API, and stand in for YouTube's embed.
 */

/** The page an embedded YouTube player is replaced by; tests stay off the network. */
export const blankEmbed = '<!doctype html><title>player</title>';

/** Answers every youtube-nocookie.com request of this page with `body` instead of YouTube's player. */
export async function stubYouTube(page: Page, body: string = blankEmbed, onLoad?: () => void): Promise<void> {
  await page.route(/youtube-nocookie\.com/, (route) => {
    onLoad?.();
    return route.fulfill({ status: 200, body, contentType: 'text/html' });
  });
}

export interface CourseDraft {
  title: string;
  tag: string;
  courseDescription: string;
  whatYoullLearn: string[];
  curriculum: { title: string; duration: string; content: string }[];
  lessonVideos: string[];
}

/**
 * A published ₹499 course by Meera Shah, made through the console's API as the admin's browser would
 * (session cookie, the shop's own Origin); a demo course's thumbnail, so the pages load only images
 * that exist. Answers the created course.
 */
export async function createCourseAs(admin: E2EUser, draft: CourseDraft): Promise<{ id: string; title: string }> {
  const { thumb } = (await (await fetch(`${baseURL}/api/courses/64a1f0c2b7e4d1a2c3e50002`)).json()).course;
  const json = await postAs(admin, '/api/admin/courses', {
    title: draft.title,
    tag: draft.tag,
    instructor: 'Meera Shah',
    price: 499,
    level: 'Beginner',
    videoLink: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    thumb,
    rating: 4.5,
    courseDescription: draft.courseDescription,
    description: '',
    whatYoullLearn: draft.whatYoullLearn,
    curriculum: draft.curriculum,
    lessonVideos: draft.lessonVideos,
    published: true,
  });
  return { id: json.course.id, title: draft.title };
}
