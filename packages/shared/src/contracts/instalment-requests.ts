import * as zm from 'zod/mini';
import { courseFields } from './course-fields.js';

/*
 * The console's instalment offer (issue 34, decision 0038), in zod/mini alone like every form's request:
 * a course sold as `count` monthly payments of `amount` rupees each (GST included, like a course's price).
 */

export const MIN_INSTALMENTS = 2;
export const MAX_INSTALMENTS = 12;

const countRule = `must be a whole number of monthly payments from ${MIN_INSTALMENTS} to ${MAX_INSTALMENTS} (0 removes the offer)`;

/** `POST /api/admin/courses/:id/instalments`: `{ count: 0 }` removes the offer; otherwise the amount is required. */
export const adminInstalmentsInput = zm
  .object({
    count: zm.number({ error: countRule }).check(
      zm.int(countRule),
      zm.refine((count) => count === 0 || (count >= MIN_INSTALMENTS && count <= MAX_INSTALMENTS), countRule),
    ),
    amount: zm.optional(
      courseFields.price.check(zm.refine((rupees) => rupees >= 1, 'must be at least ₹1.00 a payment')),
    ),
  })
  .check(
    zm.refine((input) => input.count === 0 || input.amount !== undefined, {
      message: 'is required: the amount of each monthly payment in rupees',
      path: ['amount'],
    }),
  );
export type AdminInstalmentsInput = zm.infer<typeof adminInstalmentsInput>;
