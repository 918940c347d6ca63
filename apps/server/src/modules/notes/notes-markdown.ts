import { formatNoteTime, type LessonNote, messages } from '@shop/shared';

/**
 * Plain text as Markdown that shows it verbatim: the characters that start emphasis, code, links,
 * images, HTML, entities or tables are backslash-escaped anywhere, and the ones that start a
 * heading, quote, list or rule only where they start a line. So a note reads as written and can
 * never become a link, an image or raw HTML in the reader's Markdown viewer; an ordinary '&' or '!'
 * stays as it is, so the raw file reads well too.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*_[\]<>|~]|&(?=#?\w+;)/g, (c) => `\\${c}`)
    .replace(/^(\s*)([#>+=-])/gm, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/gm, '$1\\$2');
}

/** One line of a heading or list item: line breaks in it would end it early. */
function oneLine(text: string): string {
  return escapeMarkdown(text.replace(/\s*[\r\n]+\s*/g, ' ').trim());
}

interface MarkdownLesson {
  id: string;
  title: string;
}

/**
 * The learner's notes of a course as a Markdown file: the course title as heading, a section per
 * lesson with notes (in course order), each note a list item led by its [mm:ss] time when it has one;
 * a note's further lines stay inside its item.
 */
export function notesMarkdown(
  course: { title: string },
  lessons: MarkdownLesson[],
  notes: LessonNote[],
  exportedAt: Date,
): string {
  const lines = [
    `# ${oneLine(messages.notesMarkdownTitle.replace('{course}', course.title))}`,
    '',
    escapeMarkdown(messages.notesMarkdownIntro.replace('{date}', exportedAt.toISOString().slice(0, 10))),
  ];
  if (notes.length === 0) lines.push('', escapeMarkdown(messages.notesNoneInCourse));
  const byLesson = new Map<string, LessonNote[]>();
  for (const note of notes) byLesson.set(note.lessonId, [...(byLesson.get(note.lessonId) ?? []), note]);
  for (const lesson of lessons) {
    const ofLesson = byLesson.get(lesson.id);
    if (!ofLesson) continue;
    lines.push('', `## ${oneLine(lesson.title)}`, '');
    for (const note of ofLesson) {
      const [first = '', ...rest] = note.text.split(/\r?\n/).map(escapeMarkdown);
      // Brackets in the notes are escaped, so no note can define a link this time stamp would become.
      const time = note.positionSeconds === null ? '' : `[${formatNoteTime(note.positionSeconds)}] `;
      lines.push(`- ${time}${first}`, ...rest.map((line) => (line.trim() ? `  ${line}` : '')));
    }
  }
  return `${lines.join('\n')}\n`;
}
