import type { AdminCourseRow } from '@shop/shared';

interface Props {
  /** The checkboxes' ids start with it (`bundle-course-{id}`); the error line is `{idPrefix}s-error`. */
  idPrefix: string;
  legend: string;
  courses: readonly AdminCourseRow[] | undefined;
  selected: readonly string[];
  onToggle: (courseId: string, on: boolean) => void;
  error?: string | undefined;
}

/** A console form's courses to pick, one checkbox each (an unpublished one says so), and the list's error. */
export function CourseChoices({ idPrefix, legend, courses, selected, onToggle, error }: Props) {
  const errorId = `${idPrefix}s-error`;
  return (
    <fieldset className="admin-fieldset plan-course-choices" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      {courses?.map((course) => (
        <div key={course.id} className="admin-check">
          <input
            id={`${idPrefix}-${course.id}`}
            type="checkbox"
            checked={selected.includes(course.id)}
            onChange={(event) => onToggle(course.id, event.target.checked)}
          />
          <label htmlFor={`${idPrefix}-${course.id}`}>
            {course.title}
            {course.published ? '' : ' (not published)'}
          </label>
        </div>
      ))}
      {error && (
        <p id={errorId} className="admin-error">
          Courses {error}
        </p>
      )}
    </fieldset>
  );
}

/** The course ids with one added or taken out. */
export function toggledCourse(courseIds: readonly string[], courseId: string, on: boolean): string[] {
  return on ? [...courseIds, courseId] : courseIds.filter((other) => other !== courseId);
}
