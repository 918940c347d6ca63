/** Lessons under their sections, in the sections' order and the lessons' reading order, each shaped by `shape`. */
export function lessonsInSections<Lesson extends { section_id: string }, Shaped>(
  sections: { id: string; title: string }[],
  lessons: Lesson[],
  shape: (lesson: Lesson) => Shaped,
): { id: string; title: string; lessons: Shaped[] }[] {
  return sections.map((section) => ({
    id: section.id,
    title: section.title,
    lessons: lessons.filter((lesson) => lesson.section_id === section.id).map(shape),
  }));
}

/** Rows grouped by their lesson, each reduced by `pick`, in the rows' order. */
export function byLesson<Row extends { lesson_id: string }, Picked>(
  rows: Row[],
  pick: (row: Row) => Picked,
): Map<string, Picked[]> {
  const grouped = new Map<string, Picked[]>();
  for (const row of rows) {
    const list = grouped.get(row.lesson_id);
    if (list) list.push(pick(row));
    else grouped.set(row.lesson_id, [pick(row)]);
  }
  return grouped;
}
