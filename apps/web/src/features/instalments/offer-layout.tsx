import { formatRupees, type InstalmentOffer, messages } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Price } from '../../components/ui/price';
import { PlanLayout, SubscribePanel } from '../memberships';
// The subscribe panel's own styles (the tick, the button) live with the plan page's.
import '../memberships/memberships.css';

/** An offer's title: "{what} in {count} monthly payments". */
export const offerTitle = (what: string, offer: InstalmentOffer) =>
  messages.instalmentsTitle.replace('{title}', what).replace('{count}', String(offer.count));

/** What an instalments page shows while its course or bundle loads, or when there is no offer: a way back. */
export function OfferMissing({
  loading,
  heading,
  back,
}: {
  loading: boolean;
  heading: string;
  back: { to: string; label: string };
}) {
  if (loading) return <p className="container section state-message">{messages.loading}</p>;
  return (
    <section className="container section not-found">
      <h1>{heading}</h1>
      <Link className="btn" to={back.to}>
        {back.label}
      </Link>
    </section>
  );
}

/**
 * The page of an instalment offer (decision 0038), a course's or a bundle's: its title, what it buys
 * (`children`), the total; beside them the price per month, the mandate in plain words and the memberships'
 * Subscribe (the same tick, Razorpay Checkout, verify) for the offer's hidden plan.
 */
export function OfferLayout({
  title,
  offer,
  returnTo,
  children,
}: {
  title: string;
  offer: InstalmentOffer;
  /** This page's address, where a visitor comes back to after signing in. */
  returnTo: string;
  children: ReactNode;
}) {
  const amount = formatRupees(offer.amount);
  return (
    <PlanLayout
      main={
        <>
          <h1>{title}</h1>
          {children}
          <p className="plan-description">
            {messages.instalmentsTotal
              .replace('{count}', String(offer.count))
              .replace('{amount}', amount)
              .replace('{total}', formatRupees(Math.round(offer.amount * offer.count * 100) / 100))}
          </p>
        </>
      }
      side={
        <>
          <p className="plan-price">
            {offer.count} × <Price rupees={offer.amount} className="price price-large" /> {messages.planPerMonth}
          </p>
          <p className="plan-mandate">
            {messages.instalmentsMandate.replaceAll('{amount}', amount).replace('{count}', String(offer.count))}
          </p>
          <SubscribePanel plan={{ id: offer.planId, title }} returnTo={returnTo} />
        </>
      }
    />
  );
}
