import type { UseFieldArrayReturn } from 'react-hook-form';
import type { CourseForm, CourseFormValues } from './course-form-values';

type ListName = 'whatYoullLearn' | 'lessonVideos';

interface Props<N extends ListName> {
  form: CourseForm;
  array: UseFieldArrayReturn<CourseFormValues, N>;
  name: N;
  legend: string;
  itemLabel: string;
  addLabel: string;
  hint?: string;
}

/** A list of one-line entries (what you'll learn, lesson video links), added and removed with buttons. */
export function TextListEditor<N extends ListName>({ form, array, name, legend, itemLabel, addLabel, hint }: Props<N>) {
  const errors = form.formState.errors[name];
  return (
    <fieldset className="admin-fieldset">
      <legend>{legend}</legend>
      {hint && <p className="admin-hint">{hint}</p>}
      <ol className="admin-list-editor">
        {array.fields.map((field, index) => {
          const error = errors?.[index]?.text?.message;
          const inputId = `${name}-${field.id}`;
          const label = `${itemLabel} ${index + 1}`;
          return (
            <li key={field.id}>
              <label className="visually-hidden" htmlFor={inputId}>
                {label}
              </label>
              <input
                id={inputId}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                {...form.register(`${name}.${index}.text`)}
              />
              <button
                type="button"
                className="btn btn-small btn-outline"
                onClick={() => array.remove(index)}
                aria-label={`Remove ${label.toLowerCase()}`}
              >
                Remove
              </button>
              {error && (
                <p id={`${inputId}-error`} className="admin-error">
                  {label} {error}
                </p>
              )}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-small btn-outline"
        onClick={() => array.append({ text: '' } as Parameters<typeof array.append>[0])}
      >
        {addLabel}
      </button>
    </fieldset>
  );
}
