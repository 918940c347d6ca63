import { useAddToCartMutation } from './api';

/** What became of an Add to Cart, so each caller can answer as its page should. */
export type AddOutcome = 'added' | 'owned' | 'signed-out' | 'failed' | 'exception';

/** Adds a course to the signed-in learner's server cart and sorts the answer into an outcome. */
export function useAddCourseToCart(): [(courseId: string) => Promise<AddOutcome>, { isLoading: boolean }] {
  const [addToCart, state] = useAddToCartMutation();
  const add = async (courseId: string): Promise<AddOutcome> => {
    try {
      await addToCart(courseId).unwrap();
      return 'added';
    } catch (error) {
      const status = (error as { status?: unknown } | undefined)?.status;
      if (status === 409) return 'owned';
      if (status === 401) return 'signed-out';
      // A number is an answer from our server; anything else (no network, bad JSON) never got one.
      return typeof status === 'number' ? 'failed' : 'exception';
    }
  };
  return [add, { isLoading: state.isLoading }];
}
