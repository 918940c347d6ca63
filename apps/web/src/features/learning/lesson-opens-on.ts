import { indiaDate, indiaLongDate, messages } from '@shop/shared';

/** "Opens on 5 January 2027": a locked lesson's opening, its India date (issue 35). */
export function lessonOpensOn(availableAt: string): string {
  return messages.lessonOpensOn.replace('{date}', indiaLongDate(indiaDate(new Date(availableAt))));
}
