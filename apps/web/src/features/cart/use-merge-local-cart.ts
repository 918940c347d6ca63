import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { useGetProfileQuery } from '../account';
import { useMergeCartMutation } from './api';
import { removeItems, selectLocalCartItems } from './cart-slice';

/** One merge state shared by the hook that merges and the views that wait for it. */
const MERGE_KEY = 'merge-local-cart';

/**
 * When a visitor with a browser cart signs in, moves those courses into their server cart once and
 * empties the browser cart, so nothing they picked is lost. A failed move keeps the browser cart for
 * the next page load.
 */
export function useMergeLocalCartOnSignIn(): void {
  const { data: profile } = useGetProfileQuery();
  const items = useAppSelector(selectLocalCartItems);
  const dispatch = useAppDispatch();
  const [mergeCart] = useMergeCartMutation({ fixedCacheKey: MERGE_KEY });
  const attemptedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!profile || items.length === 0 || attemptedFor.current === profile.email) return;
    attemptedFor.current = profile.email;
    const courseIds = items.map((item) => item.id);
    // Each course that runs in cohorts goes with the cohort picked on its page (issue 35).
    const cohorts = Object.fromEntries(items.flatMap((item) => (item.cohort ? [[item.id, item.cohort.id]] : [])));
    mergeCart({ courseIds, ...(Object.keys(cohorts).length > 0 ? { cohorts } : {}) })
      .unwrap()
      .then(
        () => dispatch(removeItems(courseIds)),
        () => undefined,
      );
  }, [profile, items, mergeCart, dispatch]);
}

/** True while a signed-in learner's browser cart is about to move, or moving, into the server cart. */
export function useLocalCartMergePending(): boolean {
  const { data: profile } = useGetProfileQuery();
  const items = useAppSelector(selectLocalCartItems);
  const [, { status }] = useMergeCartMutation({ fixedCacheKey: MERGE_KEY });
  return Boolean(profile) && (status === 'pending' || (status === 'uninitialized' && items.length > 0));
}
