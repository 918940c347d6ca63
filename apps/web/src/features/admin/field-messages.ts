import type { ErrorResponse } from '@shop/shared';

/** The field messages of a refused console call (`fields` of the contract's `errorResponse`), if any. */
export function fieldMessagesOf(error: unknown): Record<string, string> | undefined {
  return (error as { data?: Partial<ErrorResponse> } | undefined)?.data?.fields;
}
