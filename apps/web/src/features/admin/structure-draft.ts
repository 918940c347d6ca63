import {
  type AdminCourseStructure,
  type CourseStructureInput,
  IMMEDIATE_RELEASE,
  type LessonKind,
  type ReleaseRule,
} from '@shop/shared';

/** A lesson being edited: `key` names it in the page (a new one has no id until it is saved). */
export interface DraftLesson {
  key: string;
  id?: string;
  title: string;
  kind: LessonKind;
  duration: string;
  summary: string;
  content: string;
  videoLink: string;
  preview: boolean;
  fileIds: string[];
  hasProgress: boolean;
  /** When learners may open it (issue 35); immediate follows the section. */
  release: ReleaseRule;
}
export interface DraftSection {
  key: string;
  id?: string;
  title: string;
  release: ReleaseRule;
  lessons: DraftLesson[];
}
export interface Place {
  section: number;
  index: number;
}

let counter = 0;
const newKey = () => `new-${++counter}`;

export function toDraft(structure: AdminCourseStructure): DraftSection[] {
  return structure.sections.map((section) => ({
    key: section.id,
    id: section.id,
    title: section.title,
    release: section.release,
    lessons: section.lessons.map((lesson) => ({ ...lesson, key: lesson.id })),
  }));
}

/** What the API takes: a video link and the preview flag only for video lessons. */
export function toInput(draft: DraftSection[]): CourseStructureInput {
  return {
    sections: draft.map((section) => ({
      ...(section.id ? { id: section.id } : {}),
      title: section.title,
      release: sentRelease(section.release),
      lessons: section.lessons.map((lesson) => ({
        ...(lesson.id ? { id: lesson.id } : {}),
        title: lesson.title,
        kind: lesson.kind,
        duration: lesson.duration,
        summary: lesson.summary,
        content: lesson.content,
        videoLink: lesson.kind === 'video' ? lesson.videoLink : '',
        preview: lesson.kind === 'video' && lesson.preview,
        fileIds: lesson.fileIds,
        release: sentRelease(lesson.release),
      })),
    })),
  };
}

/** A rule as the API takes it: the days only for the relative kinds, the date only on a date. */
function sentRelease(rule: ReleaseRule): ReleaseRule {
  const relative = rule.kind === 'afterEnrolment' || rule.kind === 'afterCohortStart';
  return { kind: rule.kind, days: relative ? rule.days : 0, date: rule.kind === 'onDate' ? (rule.date ?? '') : null };
}

export const emptySection = (): DraftSection => ({ key: newKey(), title: '', release: IMMEDIATE_RELEASE, lessons: [] });
export const emptyLesson = (): DraftLesson => ({
  key: newKey(),
  title: '',
  kind: 'text',
  duration: '',
  summary: '',
  content: '',
  videoLink: '',
  preview: false,
  fileIds: [],
  hasProgress: false,
  release: IMMEDIATE_RELEASE,
});

export function locate(draft: DraftSection[], key: string): Place | null {
  for (const [section, s] of draft.entries()) {
    const index = s.lessons.findIndex((lesson) => lesson.key === key);
    if (index >= 0) return { section, index };
  }
  return null;
}

/** Takes the lesson out and puts it at `to` (a place in the list without it). */
export function moveLesson(draft: DraftSection[], key: string, to: Place): DraftSection[] {
  const from = locate(draft, key);
  const lesson = from && draft[from.section]?.lessons[from.index];
  if (!from || !lesson || !draft[to.section]) return draft;
  const next = draft.map((section) => ({ ...section, lessons: section.lessons.filter((l) => l.key !== key) }));
  const target = next[to.section];
  if (!target) return draft;
  target.lessons.splice(Math.max(0, Math.min(to.index, target.lessons.length)), 0, lesson);
  return next;
}

/**
 * One step up or down in reading order: within its section, or over the edge into the end of the
 * section before (or the start of the one after). Null at the very first or last place.
 */
export function stepPlace(draft: DraftSection[], key: string, delta: -1 | 1): Place | null {
  const at = locate(draft, key);
  if (!at) return null;
  const count = draft[at.section]?.lessons.length ?? 0;
  const index = at.index + delta;
  if (index >= 0 && index < count) return { section: at.section, index };
  const section = at.section + delta;
  const other = draft[section];
  if (!other) return null;
  return { section, index: delta < 0 ? other.lessons.length : 0 };
}

export function moveSection(draft: DraftSection[], index: number, delta: -1 | 1): DraftSection[] {
  const to = index + delta;
  if (to < 0 || to >= draft.length) return draft;
  const next = [...draft];
  const [section] = next.splice(index, 1);
  if (section) next.splice(to, 0, section);
  return next;
}

export function updateLesson(draft: DraftSection[], key: string, change: Partial<DraftLesson>): DraftSection[] {
  return draft.map((section) => ({
    ...section,
    lessons: section.lessons.map((lesson) => (lesson.key === key ? { ...lesson, ...change } : lesson)),
  }));
}

/**
 * The API's field messages (`sections.1.lessons.0.title`) keyed by what the page shows
 * (`<lesson key>.title`, `<section key>.title`), for the draft that was sent.
 */
export function fieldErrors(draft: DraftSection[], fields: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^sections\.(\d+)(?:\.lessons\.(\d+))?\.?(\w*)/.exec(path);
    const section = match ? draft[Number(match[1])] : undefined;
    if (!match || !section) {
      errors.form ??= `${path} ${message}`;
      continue;
    }
    const lesson = match[2] === undefined ? undefined : section.lessons[Number(match[2])];
    errors[`${lesson?.key ?? section.key}.${match[3] || 'title'}`] = message;
  }
  return errors;
}
