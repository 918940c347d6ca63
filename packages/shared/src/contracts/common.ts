import { z } from 'zod';

/** The shape of every refused request: `{ ok: false, message }`, plus field messages when a form can use them. */
export const errorResponse = z.object({
  ok: z.literal(false),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Course ids look like the original site's MongoDB ids: 24 lowercase hex characters. */
export const objectId = z.string().regex(/^[a-f0-9]{24}$/, 'must be a 24-character id');
