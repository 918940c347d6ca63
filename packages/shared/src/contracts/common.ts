import { z } from 'zod';
import { OBJECT_ID } from '../field-rules.js';

/** The shape of every refused request: `{ ok: false, message }`, plus field messages when a form can use them. */
export const errorResponse = z.object({
  ok: z.literal(false),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Course ids look like the original site's MongoDB ids: 24 lowercase hex characters. */
export const objectId = z.string().regex(OBJECT_ID, 'must be a 24-character id');
