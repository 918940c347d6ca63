import { errorMessage } from '../../lib/api';

/**
 * What a refused call says: the server's message (a 403 for a former member, the 429's limit and minutes
 * left, a 400's first words) and its field messages (`fields` of the contract's error response), which the
 * forms show under their fields. The checks are the server's: no schema is loaded into these pages.
 */
export function refusalOf(error: unknown, fallback: string): { message: string; fields: Record<string, string> } {
  const fields = (error as { data?: { fields?: Record<string, string> } } | undefined)?.data?.fields ?? {};
  return { message: errorMessage(error, fallback), fields };
}

/** The server's status of a refused call, if it answered. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
}
