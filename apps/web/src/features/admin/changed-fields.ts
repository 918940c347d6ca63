/** Of a changed record, only what the owner changed (PATCH): a field left alone is not rewritten. */
export function changedFields<Values extends object>(
  values: Values,
  dirty: Partial<Record<keyof Values, unknown>>,
): Partial<Values> {
  const patch: Partial<Values> = {};
  for (const key of Object.keys(values) as (keyof Values)[]) if (dirty[key]) patch[key] = values[key];
  return patch;
}
