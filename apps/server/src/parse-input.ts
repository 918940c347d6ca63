import { z } from 'zod';
import { AppError } from './errors.js';

/**
 * Validates a body or query after an access check (the operator's, or a learner's enrolment): a route's
 * schema would run first and tell a visitor about fields before telling them to log in. A bad value
 * names its field.
 */
export function parseInput<T extends z.core.$ZodType>(schema: T, input: unknown): z.core.output<T> {
  // Classic or mini schema alike (the form contracts are zod/mini).
  const parsed = z.safeParse(schema, input ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.map(String).join('.') || 'body';
    fields[name] ??= issue.message;
  }
  const [name, message] = Object.entries(fields)[0] ?? ['body', 'is not valid'];
  throw new AppError('bad_request', `${name} ${message}`, fields);
}
