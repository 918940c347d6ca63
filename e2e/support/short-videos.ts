import { withShopDatabase } from './shop-database';

/** How long the stand-in embed's video lasts: the player test and the certificate journey watch it whole. */
export const SHORT_VIDEO_SECONDS = 10;

/**
 * Test data (issue 32, L1): a video lesson completes once 90 % of it was watched, and the demo lessons'
 * typed durations (26 min…) are too long for a browser test to watch. The course's linked lessons (all of
 * them, or those at the given positions in reading order) are given the stand-in's length, '0:10'; the
 * server's cached copy of the course lasts 5 s.
 */
export function shortenLinkedLessons(courseId: string, positions?: number[]): void {
  withShopDatabase((db) => {
    const lessons = db
      .prepare(
        `select course_lessons.id, course_lessons.video_link from course_lessons
         join course_sections on course_sections.id = course_lessons.section_id
         where course_lessons.course_id = ? order by course_sections.position, course_lessons.position`,
      )
      .all(courseId) as { id: string; video_link: string }[];
    lessons.forEach((lesson, index) => {
      if (!lesson.video_link || (positions && !positions.includes(index))) return;
      db.prepare('update course_lessons set duration = ? where id = ?').run(`0:${SHORT_VIDEO_SECONDS}`, lesson.id);
    });
  });
}

/**
 * Stands in for YouTube's embed (no network here): like the real one started with enablejsapi=1, once
 * the page says it is listening it reports the video's time and length. A video whose id is in
 * `playing` plays from its `start` at normal speed to its end (SHORT_VIDEO_SECONDS), reporting every
 * 250 ms; any other reports 42.7 s of 600 once.
 */
export function fakeEmbed(playing: (videoId: string) => boolean): string {
  return `<!doctype html><title>player</title><script>
const id = location.pathname.split('/').pop();
const start = Number(new URLSearchParams(location.search).get('start') || 0);
const plays = (${playing.toString()})(id);
let listening = false;
const say = (currentTime, duration) =>
  parent.postMessage(JSON.stringify({ event: 'infoDelivery', info: { currentTime, duration } }), '*');
addEventListener('message', () => {
  if (listening) return;
  listening = true;
  if (!plays) return say(42.7, 600);
  const began = Date.now();
  const report = () => say(Math.min(${SHORT_VIDEO_SECONDS}, start + (Date.now() - began) / 1000), ${SHORT_VIDEO_SECONDS});
  report();
  setInterval(report, 250);
});
</script>`;
}
