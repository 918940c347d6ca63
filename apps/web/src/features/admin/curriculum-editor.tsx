import type { UseFieldArrayReturn } from 'react-hook-form';
import type { CourseForm, CourseFormValues } from './course-form-values';

interface Props {
  form: CourseForm;
  array: UseFieldArrayReturn<CourseFormValues, 'curriculum'>;
}

/**
 * Curriculum items: title, duration and content; moved up and down with buttons (keyboard-friendly).
 * Each button's name starts with its visible words ('Move up item 2'), so speech input finds it by them.
 */
export function CurriculumEditor({ form, array }: Props) {
  const errors = form.formState.errors.curriculum;
  const count = array.fields.length;
  return (
    <fieldset className="admin-fieldset">
      <legend>Curriculum</legend>
      <ol className="admin-curriculum">
        {array.fields.map((field, index) => {
          const n = index + 1;
          const titleError = errors?.[index]?.title?.message;
          const base = `curriculum-${field.id}`;
          return (
            <li key={field.id} className="admin-curriculum-item">
              <div className="admin-field">
                <label htmlFor={`${base}-title`}>Item {n} title</label>
                <input
                  id={`${base}-title`}
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={titleError ? `${base}-title-error` : undefined}
                  {...form.register(`curriculum.${index}.title`)}
                />
                {titleError && (
                  <p id={`${base}-title-error`} className="admin-error">
                    Item {n} title {titleError}
                  </p>
                )}
              </div>
              <div className="admin-field">
                <label htmlFor={`${base}-duration`}>Item {n} duration</label>
                <input
                  id={`${base}-duration`}
                  placeholder="e.g. 12 min"
                  {...form.register(`curriculum.${index}.duration`)}
                />
              </div>
              <div className="admin-field">
                <label htmlFor={`${base}-content`}>Item {n} content</label>
                <textarea id={`${base}-content`} rows={2} {...form.register(`curriculum.${index}.content`)} />
              </div>
              <div className="admin-actions">
                <button
                  type="button"
                  className="btn btn-small btn-outline"
                  disabled={index === 0}
                  onClick={() => array.move(index, index - 1)}
                >
                  Move up <span className="visually-hidden">item {n}</span>
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-outline"
                  disabled={index === count - 1}
                  onClick={() => array.move(index, index + 1)}
                >
                  Move down <span className="visually-hidden">item {n}</span>
                </button>
                <button type="button" className="btn btn-small btn-outline" onClick={() => array.remove(index)}>
                  Remove <span className="visually-hidden">item {n}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-small btn-outline"
        onClick={() => array.append({ title: '', duration: '', content: '' })}
      >
        Add a curriculum item
      </button>
    </fieldset>
  );
}
