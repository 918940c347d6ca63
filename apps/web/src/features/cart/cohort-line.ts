import { indiaLongDate, messages } from '@shop/shared';

/** How the cart names a course's cohort (issue 35): "February batch, starts 2 February 2026". */
export function cohortLine(cohort: { title: string; startsOn: string }): string {
  return `${cohort.title}, ${messages.cohortStarts.replace('{date}', indiaLongDate(cohort.startsOn))}`;
}
