export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** An expected failure: its message is safe to show and tells the caller what to do. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** More of the answer beside the message, as its route's schema declares it (a locked lesson's `availableAt`). */
  readonly details: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>, details?: Record<string, string>) {
    super(message);
    this.code = code;
    this.fields = fields;
    this.details = details;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}
