import type { ErrorResponse } from '@shop/shared';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';

/** The field messages of a refused console call (`fields` of the contract's `errorResponse`), if any. */
export function fieldMessagesOf(error: unknown): Record<string, string> | undefined {
  return (error as { data?: Partial<ErrorResponse> } | undefined)?.data?.fields;
}

/**
 * A refused save, shown: each field the server named gets its message under it (`toField` maps the
 * server's name to the form's), and a toast says what went wrong (the server's message, or `fallback`).
 */
export function showSaveError<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fallback: string,
  toField: (name: string) => string = (name) => name,
): void {
  for (const [name, message] of Object.entries(fieldMessagesOf(error) ?? {}))
    setError(toField(name) as FieldPath<Values>, { message });
  toast.error(errorMessage(error, fallback));
}
