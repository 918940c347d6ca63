import { pathWith } from '@shop/shared';

/**
 * A console save's request: a new record is POSTed to its list's path, a change (only the changed fields)
 * is PATCHed to the record's own path (`…/:id`).
 */
export function saveRequest<Input>(listPath: string, recordPath: `${string}:id${string}`) {
  return ({ id, input }: { id: string | null; input: Input }) => ({
    url: id ? pathWith(recordPath, { id }) : listPath,
    method: id ? 'PATCH' : 'POST',
    body: input,
  });
}
