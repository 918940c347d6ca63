import { type FieldError, type FieldValues, get, type Path, type UseFormReturn } from 'react-hook-form';
import { fieldErrors } from './api';

/**
 * What a FormField needs for one value of a react-hook-form form, its registration and its current
 * message: `<FormField id=… label=… {...field('email')} />`.
 */
export function bindFields<T extends FieldValues>(form: UseFormReturn<T>) {
  const { errors } = form.formState;
  return (name: Path<T>) => ({
    registration: form.register(name),
    error: (get(errors, name) as FieldError | undefined)?.message,
  });
}

/**
 * Puts the server's field messages (a 400's `fields`) under the named fields, focusing the first;
 * false when the answer named none of them, so the caller shows one line for the whole form.
 */
export function showFieldErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  names: readonly Path<T>[],
): boolean {
  const fields = fieldErrors(error);
  const known = names.filter((name) => fields[name]);
  for (const name of known) form.setError(name, { message: fields[name] }, { shouldFocus: true });
  return known.length > 0;
}
