import type { Db } from '../../db/database.js';
import type { TaxDocumentsTable } from '../../db/schema.js';

type Kind = TaxDocumentsTable['kind'];

/** A subscription charge's invoice or credit note (decision 0037), if issued. */
export function findChargeDocument(db: Db, subscriptionChargeId: string, kind: Kind) {
  return db
    .selectFrom('tax_documents')
    .selectAll()
    .where('subscription_charge_id', '=', subscriptionChargeId)
    .where('kind', '=', kind)
    .executeTakeFirst();
}

/** The documents of these charges (numbers only), for the learner's list. */
export function findChargeDocuments(db: Db, subscriptionChargeIds: string[]) {
  if (subscriptionChargeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tax_documents')
    .select(['subscription_charge_id', 'kind', 'number'])
    .where('subscription_charge_id', 'in', subscriptionChargeIds)
    .execute();
}

/**
 * The invoices of membership and instalment charges paid since `from` and not refunded, with their frozen
 * data (the taxable value, for the takings net of tax), as orders' are read beside their orders.
 */
export function listInvoicesOfKeptCharges(db: Db, from: string) {
  return db
    .selectFrom('tax_documents')
    .innerJoin('subscription_charges', 'subscription_charges.id', 'tax_documents.subscription_charge_id')
    .select(['subscription_charges.paid_at', 'tax_documents.data'])
    .where('tax_documents.kind', '=', 'invoice')
    .where('subscription_charges.paid_at', '>=', from)
    .where('subscription_charges.refunded_at', 'is', null)
    .execute();
}

/**
 * A charge's document found by the gateway's payment id, with the learner who paid it and the shop's
 * subscription id, for the access check of a download or an e-mail attachment.
 */
export function findChargeDocumentByPayment(db: Db, gatewayPaymentId: string, kind: Kind) {
  return db
    .selectFrom('tax_documents')
    .innerJoin('subscription_charges', 'subscription_charges.id', 'tax_documents.subscription_charge_id')
    .innerJoin('subscriptions', 'subscriptions.id', 'subscription_charges.subscription_id')
    .select([
      'tax_documents.number',
      'tax_documents.data',
      'tax_documents.issued_at',
      'subscriptions.user_id',
      'subscriptions.id as subscription_id',
      'subscription_charges.id as charge_id',
    ])
    .where('subscription_charges.gateway_payment_id', '=', gatewayPaymentId)
    .where('tax_documents.kind', '=', kind)
    .executeTakeFirst();
}

/** The learner's account name and address, the invoice's buyer when no billing details were given. */
export function findLearner(db: Db, userId: string) {
  return db.selectFrom('users').select(['email', 'username']).where('id', '=', userId).executeTakeFirst();
}

/**
 * The billing details the learner gave at their latest checkout that asked for them (a state on record),
 * if any: a membership's invoices use them as an order's invoice does.
 */
export function findLatestBillingDetails(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .select([
      'billing_name',
      'billing_email',
      'billing_state',
      'billing_pin',
      'billing_business',
      'billing_gstin',
      'billing_country',
    ])
    .where('user_id', '=', userId)
    .where('billing_state', '!=', '')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
