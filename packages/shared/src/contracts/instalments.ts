import { z } from 'zod';
import { objectId } from './common.js';

export * from './instalment-requests.js';

/**
 * A course's instalment offer (issue 34, decision 0038): `count` monthly payments of `amount` rupees
 * (GST included); `planId` is what `POST /api/subscriptions { planId }` subscribes to.
 */
export const instalmentOffer = z.object({
  count: z.number().int().min(2).max(12),
  amount: z.number().positive(),
  planId: objectId,
});
export type InstalmentOffer = z.infer<typeof instalmentOffer>;

/** The console's answer: the offer (null once removed) and warnings that do not stop the save (₹15,000). */
export const adminInstalmentsResponse = z.object({
  ok: z.literal(true),
  instalments: instalmentOffer.nullable(),
  warnings: z.array(z.string()),
});
export type AdminInstalmentsResponse = z.infer<typeof adminInstalmentsResponse>;
