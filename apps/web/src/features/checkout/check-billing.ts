import { schemaCheck } from '../../lib/schema-resolver';
import { billingSchema } from './billing-schema';

/**
 * The billing form's rules: the schema's own (the spec's messages, trimmed output). Its own chunk with
 * zod's core: the checkout page paints without it (billing-form.tsx).
 */
export const checkBilling = schemaCheck(billingSchema);
