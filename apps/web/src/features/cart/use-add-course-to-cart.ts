import { messages } from '@shop/shared';
import { useAddToCartMutation } from './api';

/**
 * What became of an Add to Cart, so each caller can answer as its page should. `{ refused }` is the
 * server's message for a course that runs in cohorts asked without an open cohort of its own (issue 35).
 */
export type AddOutcome =
  | 'added'
  | 'owned'
  | 'instalments'
  | 'signed-out'
  | 'failed'
  | 'exception'
  | { refused: string };

const COHORT_REFUSALS: string[] = [
  messages.cohortRequired,
  messages.cohortClosed,
  messages.cohortFull,
  messages.cohortNotOfCourse,
  messages.cohortNotForSelfPaced,
];

/** Adds a course to the signed-in learner's server cart and sorts the answer into an outcome. */
export function useAddCourseToCart(): [
  (courseId: string, cohortId?: string) => Promise<AddOutcome>,
  { isLoading: boolean },
] {
  const [addToCart, state] = useAddToCartMutation();
  const add = async (courseId: string, cohortId?: string): Promise<AddOutcome> => {
    try {
      await addToCart(cohortId ? { courseId, cohortId } : { courseId }).unwrap();
      return 'added';
    } catch (error) {
      const status = (error as { status?: unknown } | undefined)?.status;
      // A 409 is a course the learner has: owned, or being paid for in instalments (decision 0038).
      const message = (error as { data?: { message?: unknown } } | undefined)?.data?.message;
      if (status === 409) return message === messages.courseInInstalments ? 'instalments' : 'owned';
      if (status === 401) return 'signed-out';
      if (status === 400 && typeof message === 'string' && COHORT_REFUSALS.includes(message))
        return { refused: message };
      // A number is an answer from our server; anything else (no network, bad JSON) never got one.
      return typeof status === 'number' ? 'failed' : 'exception';
    }
  };
  return [add, { isLoading: state.isLoading }];
}
