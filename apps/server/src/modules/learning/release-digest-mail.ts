import { learningPaths, messages } from '@shop/shared';
import { hmacHex, signatureMatches } from '../../auth/signatures.js';
import { escapeHtml } from '../../html.js';
import type { MailMessage } from '../../mail/mailer.js';

/** The file in DATA_DIR (or the purpose under SHOP_SECRET) signing the digest's unsubscribe links. */
export const DIGEST_LINK_SECRET_NAME = 'release-digest-secret';

const signedText = (userId: string) => `release-digest-off|${userId}`;

/** The digest's one-click unsubscribe link for a learner: it never expires, and names only them. */
export function digestUnsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}${learningPaths.releaseDigestUnsubscribe}?u=${encodeURIComponent(userId)}&s=${hmacHex(secret, signedText(userId))}`;
}

export function checkDigestUnsubscribe(secret: string, userId: string, signature: string): boolean {
  return userId !== '' && signatureMatches(hmacHex(secret, signedText(userId)), signature);
}

export interface OpenedLesson {
  courseId: string;
  courseTitle: string;
  lessonId: string;
  lessonTitle: string;
}

/**
 * The daily digest: the lessons that opened for the learner since their last one, each linking the player,
 * with RFC 8058's one-click unsubscribe (a POST to the List-Unsubscribe URL) and the same link in the text.
 */
export function releaseDigestMail(
  site: { publicUrl: string; siteName: string },
  to: { email: string; name: string },
  lessons: OpenedLesson[],
  unsubscribeUrl: string,
): MailMessage {
  const link = (lesson: OpenedLesson) => `${site.publicUrl}/learn/${lesson.courseId}/${lesson.lessonId}`;
  const lines = lessons.map((lesson) => `- ${lesson.courseTitle}: ${lesson.lessonTitle}\n  ${link(lesson)}`);
  const subject =
    lessons.length === 1
      ? `A new lesson is open at ${site.siteName}`
      : `${lessons.length} new lessons are open at ${site.siteName}`;
  const text = [
    `Hello ${to.name},`,
    '',
    lessons.length === 1 ? 'This lesson is now open for you:' : 'These lessons are now open for you:',
    ...lines,
    '',
    `${messages.releaseDigestTurnOff}: ${unsubscribeUrl}`,
  ].join('\n');
  const items = lessons
    .map(
      (lesson) =>
        `<li>${escapeHtml(lesson.courseTitle)}: <a href="${escapeHtml(link(lesson))}">${escapeHtml(lesson.lessonTitle)}</a></li>`,
    )
    .join('');
  return {
    to: to.email,
    subject,
    text,
    html: `<!doctype html><html><body><p>Hello ${escapeHtml(to.name)},</p><p>${
      lessons.length === 1 ? 'This lesson is now open for you:' : 'These lessons are now open for you:'
    }</p><ul>${items}</ul><p><a href="${escapeHtml(unsubscribeUrl)}">${escapeHtml(messages.releaseDigestTurnOff)}</a></p></body></html>`,
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
