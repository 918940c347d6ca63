import type { UseFieldArrayReturn, UseFormReturn } from 'react-hook-form';
import type { CourseFormValues } from './course-form-values';

interface Props {
  form: UseFormReturn<CourseFormValues>;
  array: UseFieldArrayReturn<CourseFormValues, 'whatYoullLearn'>;
}

/** The "What you'll learn" points: one line each, added and removed with buttons. */
export function LearnListEditor({ form, array }: Props) {
  const errors = form.formState.errors.whatYoullLearn;
  return (
    <fieldset className="admin-fieldset">
      <legend>What you’ll learn</legend>
      <ol className="admin-list-editor">
        {array.fields.map((field, index) => {
          const error = errors?.[index]?.text?.message;
          const inputId = `learn-${field.id}`;
          return (
            <li key={field.id}>
              <label className="visually-hidden" htmlFor={inputId}>
                Point {index + 1}
              </label>
              <input
                id={inputId}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                {...form.register(`whatYoullLearn.${index}.text`)}
              />
              <button
                type="button"
                className="btn btn-small btn-outline"
                onClick={() => array.remove(index)}
                aria-label={`Remove point ${index + 1}`}
              >
                Remove
              </button>
              {error && (
                <p id={`${inputId}-error`} className="admin-error">
                  Point {index + 1} {error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <button type="button" className="btn btn-small btn-outline" onClick={() => array.append({ text: '' })}>
        Add a point
      </button>
    </fieldset>
  );
}
