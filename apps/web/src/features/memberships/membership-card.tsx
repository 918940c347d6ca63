import { formatRupees, type MySubscription, messages } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { accessUntil, actionsFor, chargesAgain, statusInWords } from './membership-state';

const indiaDate = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' });
const day = (iso: string) => indiaDate.format(new Date(iso));

export interface MembershipActions {
  cancel: () => void;
  resume: () => void;
  changeMethod: () => void;
  /** A call for this membership is under way: its buttons wait. */
  busy: boolean;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Every charge with its tax invoice, once the invoice exists. */
function Charges({ membership }: { membership: MySubscription }) {
  if (membership.charges.length === 0) return <p className="membership-none">{messages.membershipNoCharges}</p>;
  return (
    <ul className="membership-charges">
      {membership.charges.map((charge) => (
        <li key={charge.paymentId}>
          <span>{day(charge.paidAt)}</span> <span className="membership-amount">{formatRupees(charge.amount)}</span>
          {charge.invoiceUrl && (
            <a href={charge.invoiceUrl} download>
              {messages.membershipInvoice}
              <span className="visually-hidden">, {day(charge.paidAt)}</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Where a membership's title leads: its plan's page, or the course or bundle it pays for in instalments. */
function linkOf({ courseId, bundleId, planId }: MySubscription): string {
  if (courseId) return `/course-details/${courseId}`;
  if (bundleId) return `/bundles/${bundleId}`;
  return `/memberships/${planId}`;
}

/**
 * One membership on /my-memberships: its plan, status in plain words, the next charge (or the access left
 * after a cancel), its charges with their invoices, and what the learner may do: cancel at period end in
 * one click, resume before the end, change the payment method.
 */
export function MembershipCard({
  membership,
  title,
  actions,
}: {
  membership: MySubscription;
  title: string;
  actions: MembershipActions;
}) {
  const can = actionsFor(membership);
  const until = accessUntil(membership);
  const headingId = `membership-${membership.id}`;
  return (
    <article className="membership-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {/* A course or bundle paid in instalments (decision 0038) links to it: its plan has no page of its own. */}
        <Link to={linkOf(membership)}>{title}</Link>
      </h3>
      <dl className="membership-facts">
        <Fact term={messages.membershipStatus}>{statusInWords(membership)}</Fact>
        {chargesAgain(membership) && membership.nextChargeAt && (
          <Fact term={messages.membershipNextCharge}>
            {messages.membershipNextChargeLine
              .replace('{amount}', formatRupees(membership.amount))
              .replace('{date}', day(membership.nextChargeAt))}
          </Fact>
        )}
      </dl>
      {until && <p className="membership-until">{messages.membershipAccessUntil.replace('{date}', day(until))}</p>}
      {(can.cancel || can.resume || can.changeMethod) && (
        <div className="membership-actions">
          {can.cancel && (
            <button type="button" className="btn btn-outline" onClick={actions.cancel} disabled={actions.busy}>
              {messages.membershipCancel}
              <span className="visually-hidden">: {title}</span>
            </button>
          )}
          {can.resume && (
            <button type="button" className="btn" onClick={actions.resume} disabled={actions.busy}>
              {messages.membershipResume}
              <span className="visually-hidden">: {title}</span>
            </button>
          )}
          {can.changeMethod && (
            <button type="button" className="btn btn-outline" onClick={actions.changeMethod} disabled={actions.busy}>
              {messages.membershipChangeMethod}
              <span className="visually-hidden">: {title}</span>
            </button>
          )}
        </div>
      )}
      <h4>{messages.membershipCharges}</h4>
      <Charges membership={membership} />
    </article>
  );
}
