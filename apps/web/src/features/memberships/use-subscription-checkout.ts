import { messages, type SubscribeResponse } from '@shop/shared';
import { useCallback, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { siteConfig } from '../../lib/site-config';
import { useVerifySubscriptionMutation } from './api';
import { openSubscriptionCheckout } from './open-subscription-checkout';

export type SubscriptionCheckoutPhase = 'idle' | 'starting' | 'paying' | 'verifying';

/** How one run ended: authorised and verified, the server's refusal to start (the caller explains it), or nothing to do. */
export type SubscriptionCheckoutOutcome = { done: true } | { done: false; refused?: unknown };

interface Run {
  /** Subscribing, resuming or changing the method: each answers with the subscription to authorise. */
  start: () => Promise<SubscribeResponse>;
  description: string;
  email?: string;
}

/**
 * Subscribing, resuming and changing the payment method are one journey: the server makes the gateway's
 * subscription, Razorpay Checkout (or the sandbox's widget) authorises it, and the server verifies the
 * widget's answer. A closed widget, a failed payment or a failed verification is told here; a refusal to
 * start goes back to the caller, whose page knows what it means (409: already a member).
 */
export function useSubscriptionCheckout() {
  const [verify] = useVerifySubscriptionMutation();
  const [phase, setPhase] = useState<SubscriptionCheckoutPhase>('idle');
  const busy = useRef(false);

  const run = useCallback(
    async ({ start, description, email }: Run): Promise<SubscriptionCheckoutOutcome> => {
      if (busy.current) return { done: false };
      busy.current = true;
      const stop = (outcome: SubscriptionCheckoutOutcome) => {
        busy.current = false;
        setPhase('idle');
        return outcome;
      };
      setPhase('starting');
      let answer: SubscribeResponse;
      try {
        answer = await start();
      } catch (error) {
        return stop({ done: false, refused: error });
      }
      return new Promise<SubscriptionCheckoutOutcome>((resolve) => {
        setPhase('paying');
        openSubscriptionCheckout({
          answer,
          siteName: siteConfig.siteName,
          description,
          ...(email ? { email } : {}),
          onAuthorised: (proof) => {
            setPhase('verifying');
            verify(proof)
              .unwrap()
              .then(() => resolve(stop({ done: true })))
              .catch(() => {
                toast.error(messages.subscriptionVerificationFailed);
                resolve(stop({ done: false }));
              });
          },
          onDismiss: () => {
            toast.info(messages.subscriptionPaymentCancelled);
            resolve(stop({ done: false }));
          },
          onFailed: () => {
            toast.error(messages.subscriptionPaymentFailed);
            resolve(stop({ done: false }));
          },
        })
          .then((opened) => {
            if (opened) return;
            toast.error(messages.razorpaySdkFailed);
            resolve(stop({ done: false }));
          })
          .catch(() => {
            toast.error(messages.subscriptionPaymentFailed);
            resolve(stop({ done: false }));
          });
      });
    },
    [verify],
  );

  return { run, phase, busy: phase !== 'idle' };
}
