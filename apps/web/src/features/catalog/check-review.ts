import { reviewForm } from '@shop/shared';
import { schemaResolver } from '../../lib/schema-resolver';

/** The review form's rules with zod's core: a chunk of their own, so the form's chunk stays in the route budget. */
export const reviewResolver = schemaResolver(reviewForm);
