import { type MySubscription, messages } from '@shop/shared';

type Status = MySubscription['status'];

const statusWords: Record<Status, string> = {
  created: messages.membershipStatusCreated,
  authenticated: messages.membershipStatusAuthenticated,
  active: messages.membershipStatusActive,
  pending: messages.membershipStatusPending,
  halted: messages.membershipStatusHalted,
  cancelled: messages.membershipStatusCancelled,
  completed: messages.membershipStatusCompleted,
  paused: messages.membershipStatusPaused,
  expired: messages.membershipStatusExpired,
};

/** Statuses after which the gateway charges no more and nothing can be resumed. */
const ENDED: readonly Status[] = ['cancelled', 'completed', 'expired'];
/** Statuses with a mandate in force that a cancel stops (a trial's, a paying one's, one being retried or halted). */
const CANCELLABLE: readonly Status[] = ['authenticated', 'active', 'pending', 'halted', 'paused'];
/** Statuses whose charges a new payment method can take over: in force, being retried, or halted by failures. */
const METHOD_CHANGEABLE: readonly Status[] = ['authenticated', 'active', 'pending', 'halted'];

type Membership = Pick<MySubscription, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'replacedBy'>;

/** Whether the paid period of a membership cancelled at its end is still running at `now`. */
function beforeTheEnd(membership: Membership, now: Date): boolean {
  return membership.currentPeriodEnd !== null && Date.parse(membership.currentPeriodEnd) > now.getTime();
}

/** The status in plain words; a membership cancelled at period end says so until it ends. */
export function statusInWords(membership: Membership): string {
  if (membership.cancelAtPeriodEnd && !ENDED.includes(membership.status)) return messages.membershipStatusCancelling;
  return statusWords[membership.status];
}

/**
 * What the learner may do with a membership now: cancel at period end (once), resume a cancelled one
 * before its paid period ends, change the payment method of one still charging.
 */
export function actionsFor(membership: Membership, now = new Date()) {
  // One that a resume or a new method took over only runs out: the new one carries the actions.
  if (membership.replacedBy) return { cancel: false, resume: false, changeMethod: false };
  return {
    cancel: !membership.cancelAtPeriodEnd && CANCELLABLE.includes(membership.status),
    resume: membership.cancelAtPeriodEnd && beforeTheEnd(membership, now),
    changeMethod: !membership.cancelAtPeriodEnd && METHOD_CHANGEABLE.includes(membership.status),
  };
}

/** The end of the access a membership cancelled at period end still gives, or null (not cancelled, or no period). */
export function accessUntil(membership: Membership): string | null {
  return membership.cancelAtPeriodEnd ? membership.currentPeriodEnd : null;
}

/** Whether a next charge is to be shown: the gateway will still charge. */
export function chargesAgain(membership: Membership & Pick<MySubscription, 'nextChargeAt'>): boolean {
  return membership.nextChargeAt !== null && !membership.cancelAtPeriodEnd && !ENDED.includes(membership.status);
}
