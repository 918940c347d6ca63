import { messages, type Plan } from '@shop/shared';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'wouter';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useNavigate } from '../../lib/navigation';
import { loginPathFor, useGetProfileQuery } from '../account';
import { useSubscribeMutation } from './api';
import { useSubscriptionCheckout } from './use-subscription-checkout';

/** The id of the plan page's disclaimer note, which the tick refers to. */
export const PLAN_DISCLAIMER_ID = 'plan-disclaimer';

const statusOf = (error: unknown) => (error as { status?: unknown } | undefined)?.status;

/**
 * Subscribe on a plan's page: the same education-only acknowledgement as the checkout (required), then
 * the gateway's subscription authorised in Razorpay Checkout and verified; the learner lands on My
 * Memberships. A visitor signs in first and comes back here; an existing member is pointed to their
 * membership instead of a second one.
 */
export function SubscribePanel({
  plan,
  returnTo = `/memberships/${plan.id}`,
}: {
  plan: Pick<Plan, 'id' | 'title'>;
  /** Where a visitor comes back to after signing in (a course's instalments page, decision 0038). */
  returnTo?: string;
}) {
  const { data: profile, isLoading } = useGetProfileQuery();
  const [subscribe] = useSubscribeMutation();
  const { run, phase, busy } = useSubscriptionCheckout();
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const [tickMissing, setTickMissing] = useState(false);
  const [alreadyMember, setAlreadyMember] = useState<string | null>(null);
  const tick = useRef<HTMLInputElement>(null);

  if (isLoading) return null;
  if (!profile) {
    return (
      <Link to={loginPathFor(returnTo)} className="btn btn-block">
        {messages.signInToSubscribe}
      </Link>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!accepted) {
      setTickMissing(true);
      tick.current?.focus();
      return;
    }
    setAlreadyMember(null);
    const outcome = await run({
      start: () => subscribe({ planId: plan.id }).unwrap(),
      description: plan.title,
      email: profile.email,
    });
    if (outcome.done) {
      toast.success(messages.subscriptionStarted);
      navigate('/my-memberships');
    } else if ('refused' in outcome) {
      const status = statusOf(outcome.refused);
      if (status === 409) setAlreadyMember(errorMessage(outcome.refused, messages.subscriptionExists));
      else toast.error(errorMessage(outcome.refused, messages.orderCreateFailed));
    }
  };

  return (
    <form className="plan-subscribe" onSubmit={(event) => void submit(event)} noValidate>
      <label className="plan-tick">
        <input
          ref={tick}
          type="checkbox"
          checked={accepted}
          onChange={(event) => {
            setAccepted(event.target.checked);
            if (event.target.checked) setTickMissing(false);
          }}
          aria-describedby={tickMissing ? `${PLAN_DISCLAIMER_ID} plan-tick-error` : PLAN_DISCLAIMER_ID}
          aria-invalid={tickMissing || undefined}
        />{' '}
        {messages.disclaimerAcknowledge}
      </label>
      {tickMissing && (
        <p id="plan-tick-error" className="field-error">
          {messages.subscribeDisclaimerNeeded}
        </p>
      )}
      <button type="submit" className="btn btn-block" disabled={busy} aria-busy={busy || undefined}>
        {phase === 'idle' ? messages.subscribe : messages.subscribing}
      </button>
      {alreadyMember && (
        <p className="plan-member-note" role="alert">
          {alreadyMember} <Link to="/my-memberships">{messages.seeMyMemberships}</Link>
        </p>
      )}
    </form>
  );
}
