import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { safeParse, safeParseAsync } from 'zod/mini';
import type { $ZodIssue, $ZodType } from 'zod/v4/core';

/**
 * react-hook-form's resolver for a zod/mini schema (the contract the server's route declares): the form
 * submits what the schema outputs (trimmed, coerced), and each field shows the first message for it. What
 * `@hookform/resolvers/zod` did for us, in the few lines the forms use of it (1.3 KB gzip of every form
 * page's script, issue 19's 30 KB route budget; decision 0026).
 */
export function schemaResolver<Input extends FieldValues, Context, Output>(
  schema: $ZodType<Output, Input>,
): Resolver<Input, Context, Output> {
  return async (values) => {
    const parsed = await safeParseAsync(schema, values);
    if (parsed.success) return { values: parsed.data, errors: {} };
    return { values: {}, errors: nestErrors<Input>(firstErrors(parsed.error.issues)) };
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

/** A form's rules as the forms without react-hook-form use them (app/use-checked-form.ts). */
export type FormCheck<Values, Output> = (
  values: Values,
) => { ok: true; output: Output } | { ok: false; errors: Partial<Record<string, string>> };

/** A zod/mini schema as such a form's rules: its output on success, else the first message per field. */
export function schemaCheck<Output, Values>(schema: $ZodType<Output, Values>): FormCheck<Values, Output> {
  return (values) => {
    const parsed = safeParse(schema, values);
    if (parsed.success) return { ok: true, output: parsed.data };
    const errors: Partial<Record<string, string>> = {};
    for (const [field, error] of Object.entries(firstErrors(parsed.error.issues))) errors[field] = error.message;
    return { ok: false, errors };
  };
}
