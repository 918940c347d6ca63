import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { safeParseAsync } from 'zod/mini';
import type { $ZodIssue, $ZodType } from 'zod/v4/core';

/** For a form that holds its values in another shape than the schema reads (the course form's lists of `{ text }`). */
export interface FormShape<Input> {
  /** What the schema reads, made from the form's values. */
  toInput: (values: Input) => unknown;
  /** The form's name of a field the schema names (`whatYoullLearn.2` is `whatYoullLearn.2.text` in the form). */
  toField: (path: string) => string;
}

/**
 * The one resolver of the web's forms, all of them react-hook-form: the form is checked by the zod schema
 * the server's route declares, submits what the schema outputs (trimmed, coerced), and each field shows
 * the first message for it. What `@hookform/resolvers/zod` would do, in the few lines the forms use of it
 * (1.3 KB gzip less on every form page, decision 0026), plus a failed union's closest message and `shape`.
 */
export function schemaResolver<Input extends FieldValues, Context, Output>(
  schema: $ZodType<Output, Input>,
): Resolver<Input, Context, Output>;
export function schemaResolver<Input extends FieldValues, Context, Output>(
  schema: $ZodType<Output>,
  shape: FormShape<Input>,
): Resolver<Input, Context, Output>;
export function schemaResolver<Input extends FieldValues, Context, Output>(
  schema: $ZodType<Output>,
  shape?: FormShape<Input>,
): Resolver<Input, Context, Output> {
  return async (values) => {
    const parsed = await safeParseAsync(schema, shape ? shape.toInput(values) : values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors = firstErrors(parsed.error.issues);
    const named = shape
      ? Object.fromEntries(Object.entries(errors).map(([path, error]) => [shape.toField(path), error]))
      : errors;
    return { values: {}, errors: nestErrors<Input>(named) };
  };
}

/**
 * The first issue per field path. A union that failed names the message of its closest branch (the one with
 * the fewest issues), not zod's generic 'Invalid input'.
 */
export function firstErrors(issues: readonly $ZodIssue[]): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const queue = [...issues];
  for (let issue = queue.shift(); issue; issue = queue.shift()) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best))[0];
      errors[path] ??= { type: closest?.code ?? issue.code, message: closest?.message ?? issue.message };
      for (const branch of issue.errors) {
        for (const inner of branch) queue.push({ ...inner, path: [...issue.path, ...inner.path] });
      }
    } else errors[path] ??= { type: issue.code, message: issue.message };
  }
  return errors;
}

/** `{ 'items.2.text': error }` as react-hook-form keeps it: `{ items: { 2: { text: error } } }`. */
function nestErrors<T extends FieldValues>(flat: Record<string, FieldError>): FieldErrors<T> {
  const root: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = root;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) node[key] = error;
      else {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return root as FieldErrors<T>;
}
