import { type MySubscription, messages, type SubscribeResponse } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'wouter';
import { LoadFailed } from '../../components/ui/shelf-states';
import { toast } from '../../components/ui/toast';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { errorMessage } from '../../lib/api';
import { DashboardPage, DashboardPanel } from '../account/dashboard-sidebar';
import {
  useCancelSubscriptionMutation,
  useChangeSubscriptionMethodMutation,
  useGetMySubscriptionsQuery,
  useResumeSubscriptionMutation,
} from './api';
import { MembershipCard } from './membership-card';
import { useSubscriptionCheckout } from './use-subscription-checkout';
import './memberships.css';

/** The learner's memberships with what each allows; one call at a time across them. */
function Memberships() {
  const {
    data: memberships,
    isLoading,
    isError,
  } = useGetMySubscriptionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [cancel] = useCancelSubscriptionMutation();
  const [resume] = useResumeSubscriptionMutation();
  const [changeMethod] = useChangeSubscriptionMethodMutation();
  const checkout = useSubscriptionCheckout();
  const [working, setWorking] = useState<string | null>(null);

  if (isLoading) return <p className="state-message">{messages.loading}</p>;
  if (isError || !memberships) return <LoadFailed>{messages.myMembershipsFailed}</LoadFailed>;
  if (memberships.length === 0) {
    return (
      <div className="enrolled-empty">
        <p className="state-message">{messages.myMembershipsEmpty}</p>
        <Link to="/memberships" className="btn">
          {messages.browseMemberships}
        </Link>
      </div>
    );
  }

  const cancelAtPeriodEnd = async (membership: MySubscription) => {
    setWorking(membership.id);
    try {
      await cancel(membership.id).unwrap();
      toast.success(messages.membershipCancelled);
    } catch (error) {
      toast.error(errorMessage(error, messages.serverError));
    } finally {
      setWorking(null);
    }
  };

  /** Resume and change of method: a new authorisation in the checkout, verified like subscribing. */
  const authoriseAgain = async (
    membership: MySubscription,
    title: string,
    start: (id: string) => { unwrap: () => Promise<SubscribeResponse> },
    done: string,
  ) => {
    setWorking(membership.id);
    const outcome = await checkout.run({ start: () => start(membership.id).unwrap(), description: title });
    setWorking(null);
    if (outcome.done) toast.success(done);
    else if ('refused' in outcome) toast.error(errorMessage(outcome.refused, messages.serverError));
  };
  // The server names each plan, listed or not (an instalment offer's title names its course).
  const titleOf = (membership: MySubscription) => membership.planTitle || messages.membershipUnnamed;

  return (
    <div className="membership-list">
      {memberships.map((membership) => (
        <MembershipCard
          key={membership.id}
          membership={membership}
          title={titleOf(membership)}
          actions={{
            cancel: () => void cancelAtPeriodEnd(membership),
            resume: () => void authoriseAgain(membership, titleOf(membership), resume, messages.membershipResumed),
            changeMethod: () =>
              void authoriseAgain(membership, titleOf(membership), changeMethod, messages.membershipMethodChanged),
            busy: working !== null || checkout.busy,
          }}
        />
      ))}
    </div>
  );
}

/** /my-memberships: the learner's memberships in the dashboard, beside My Orders (issue 34). */
export default function MyMembershipsPage() {
  useDocumentMeta(messages.myMemberships, 'Your memberships: status, next charge, charges and tax invoices.');
  return (
    <DashboardPage title={messages.myMemberships}>
      <DashboardPanel id="my-memberships-title" title={messages.myMemberships}>
        <Memberships />
      </DashboardPanel>
    </DashboardPage>
  );
}
