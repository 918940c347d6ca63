import { indiaLongDate } from '@shop/shared';
import { escapeHtml } from '../../html.js';
import type { MailMessage } from '../../mail/mailer.js';

/**
 * The mail a cohort's member gets when the console moves its start: the new date, and that lessons
 * released after the start follow it. It links the learner's courses, never anything secret.
 */
export function cohortMovedMail(
  site: { publicUrl: string; siteName: string },
  to: { email: string; name: string },
  cohort: { title: string; courseTitle: string; from: string; to: string },
): MailMessage {
  const page = `${site.publicUrl}/enrolled-courses`;
  const lines = [
    `Hello ${to.name},`,
    `Your cohort "${cohort.title}" of ${cohort.courseTitle} now starts ${indiaLongDate(cohort.to)} (it was to start ${indiaLongDate(cohort.from)}).`,
    'Lessons released after the start open on the new dates; your course is here:',
    page,
  ];
  const html = lines
    .map((line) =>
      line === page ? `<p><a href="${escapeHtml(page)}">${escapeHtml(page)}</a></p>` : `<p>${escapeHtml(line)}</p>`,
    )
    .join('');
  return {
    to: to.email,
    subject: `New start date: ${cohort.title}, ${cohort.courseTitle} at ${site.siteName}`,
    text: lines.join('\n\n'),
    html,
  };
}
