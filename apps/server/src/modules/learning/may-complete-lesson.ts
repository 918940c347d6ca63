import type { LessonKind } from '@shop/shared';

/** A video lesson counts as complete once this share of its duration was watched. */
export const WATCHED_SHARE = 0.9;
/** The fastest playback the player offers: watched time is never credited faster than this. */
export const FASTEST_PLAYBACK = 2;

/** What the completion rule needs to know of a lesson (cached with the course's structure). */
export interface CompletionRule {
  kind: LessonKind;
  /** The video's duration in seconds when the shop knows it (lesson-duration.ts), else null. */
  durationSeconds: number | null;
}

/** What the learner has done in the lesson, as the server measured it. */
export interface LessonEvidence {
  watchedSeconds: number;
}

/**
 * The one place that decides whether a lesson may be completed (issue 32, L1):
 * - a video lesson of known duration once the watched time reaches 90 % of it;
 * - a text or file lesson once opened (the save that asks comes from its page);
 * - a video lesson whose duration the shop does not know (a link with no readable typed duration)
 *   likewise on request: there is nothing to measure it against (decision 0035);
 * - a quiz lesson, when that kind exists, once passed: its case goes here, with its evidence.
 */
export function mayCompleteLesson(rule: CompletionRule, evidence: LessonEvidence): boolean {
  switch (rule.kind) {
    case 'video':
      return rule.durationSeconds === null || evidence.watchedSeconds >= requiredSeconds(rule.durationSeconds);
    case 'text':
    case 'file':
      return true;
  }
}

/** True when the rule completes the lesson by itself once met, without the learner asking (a measured video). */
export function completesByItself(rule: CompletionRule): boolean {
  return rule.kind === 'video' && rule.durationSeconds !== null;
}

export function requiredSeconds(durationSeconds: number): number {
  return Math.ceil(durationSeconds * WATCHED_SHARE);
}

/**
 * The watched seconds a save adds: the forward move since the previous save, but no more than the
 * wall-clock time since that save allows at the fastest playback. A jump ahead, a replayed save or a
 * burst of saves earns only the time that really passed; going back earns nothing.
 */
export function creditedSeconds(
  previous: { positionSeconds: number; savedAt: string } | null,
  positionSeconds: number,
  now: Date,
): number {
  if (!previous) return 0;
  const forward = positionSeconds - previous.positionSeconds;
  const elapsedSeconds = (now.getTime() - Date.parse(previous.savedAt)) / 1000;
  if (!(forward > 0) || !(elapsedSeconds > 0)) return 0;
  return Math.min(forward, Math.floor(elapsedSeconds * FASTEST_PLAYBACK));
}
