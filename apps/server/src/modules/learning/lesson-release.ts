import { IMMEDIATE_RELEASE, indiaDate, indiaIso, type ReleaseRule } from '@shop/shared';

/** What a learner's releases count from: their enrolment (or membership) start, and their cohort's start date. */
export interface ReleaseStarts {
  /** When the learner's enrolment was granted, or their membership that opens the course began (ISO). */
  enrolledAt: string | null;
  /** Their cohort's start, an India date YYYY-MM-DD, or null outside any cohort. */
  cohortStartsOn: string | null;
}

const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** 00:00 India time of an India date plus `days` days. */
function indiaMidnight(date: string, days: number): Date {
  return new Date(Date.parse(`${date}T00:00:00Z`) - INDIA_OFFSET_MS + days * DAY_MS);
}

/** A lesson's effective rule: its own unless that is immediate, then its section's. */
export function effectiveRelease(lesson: ReleaseRule, section: ReleaseRule | undefined): ReleaseRule {
  return lesson.kind !== 'immediate' ? lesson : (section ?? IMMEDIATE_RELEASE);
}

/**
 * When a rule opens for a learner, or null for "at once". `afterEnrolment`: 00:00 India time of the day
 * that is N days after the India date of the enrolment; `afterCohortStart`: of the cohort's start date
 * plus N days (read from the cohort every time, so moving the cohort moves the release); `onDate`: of that
 * date. A learner with no cohort is not held back by `afterCohortStart` (decision 0039, scheduled release),
 * nor one with no enrolment start by `afterEnrolment` (the caller has checked that they may open the course).
 */
export function releaseOpensAt(rule: ReleaseRule, starts: ReleaseStarts): Date | null {
  if (rule.kind === 'onDate' && rule.date) return indiaMidnight(rule.date, 0);
  if (rule.kind === 'afterEnrolment' && starts.enrolledAt)
    return indiaMidnight(indiaDate(new Date(starts.enrolledAt)), rule.days);
  if (rule.kind === 'afterCohortStart' && starts.cohortStartsOn) return indiaMidnight(starts.cohortStartsOn, rule.days);
  return null;
}

/** When the lesson opens for this learner (ISO 8601 in India time), or null when it is open now. */
export function availableAt(rule: ReleaseRule, starts: ReleaseStarts, now: Date): string | null {
  const opens = releaseOpensAt(rule, starts);
  return opens && opens > now ? indiaIso(opens) : null;
}

/** A rule as its columns store it. */
export function releaseOf(row: {
  release_kind: ReleaseRule['kind'];
  release_days: number;
  release_date: string | null;
}) {
  return { kind: row.release_kind, days: row.release_days, date: row.release_date };
}

/** A lesson's effective rule from its columns and its section's (`section_kind`, `section_days`, `section_date`). */
export function lessonRuleOf(row: {
  release_kind: ReleaseRule['kind'];
  release_days: number;
  release_date: string | null;
  section_kind: ReleaseRule['kind'];
  section_days: number;
  section_date: string | null;
}): ReleaseRule {
  const section = { release_kind: row.section_kind, release_days: row.section_days, release_date: row.section_date };
  return effectiveRelease(releaseOf(row), releaseOf(section));
}
