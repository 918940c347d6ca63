import type { Resolver } from 'react-hook-form';
import { schemaResolver } from '../../lib/schema-resolver';
import { type Billing, type BillingValues, billingSchema } from './billing-schema';

/**
 * The billing form's rules: the schema's own (the spec's messages, trimmed output). Its own chunk with
 * zod's core: the checkout page paints without it (billing-form.tsx).
 */
export const billingResolver: Resolver<BillingValues, unknown, Billing> = schemaResolver(billingSchema);
