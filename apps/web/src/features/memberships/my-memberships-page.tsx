import { type MySubscription, messages } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'wouter';
import { LoadFailed } from '../../components/ui/shelf-states';
import { toast } from '../../components/ui/toast';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { errorMessage } from '../../lib/api';
import { DashboardPage, DashboardPanel } from '../account/dashboard-sidebar';
import { useCancelSubscriptionMutation, useGetMySubscriptionsQuery, useGetPlansQuery } from './api';
import { MembershipCard } from './membership-card';
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
  // The plans' titles: a plan taken off the shop's list is still named "Membership".
  const { data: plans } = useGetPlansQuery();
  const [cancel] = useCancelSubscriptionMutation();
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

  return (
    <div className="membership-list">
      {memberships.map((membership) => (
        <MembershipCard
          key={membership.id}
          membership={membership}
          title={plans?.find((plan) => plan.id === membership.planId)?.title ?? messages.membershipUnnamed}
          actions={{
            cancel: () => void cancelAtPeriodEnd(membership),
            resume: () => undefined,
            changeMethod: () => undefined,
            busy: working !== null,
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
