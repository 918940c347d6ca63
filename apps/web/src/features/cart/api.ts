import type {
  Cart,
  CartChangeResponse,
  CouponResponse,
  GetCartResponse,
  MergeCartBody,
  MergeCartResponse,
} from '@shop/shared';
import { cartPaths, couponPaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in learner's server cart; callers skip it for visitors (it answers 401). */
    getCart: build.query<Cart, void>({
      query: () => cartPaths.cart,
      transformResponse: (response: GetCartResponse) => response.cart,
      providesTags: ['Cart'],
    }),
    /** A course, with the cohort picked when it runs in cohorts (issue 35). */
    addToCart: build.mutation<CartChangeResponse, { courseId: string; cohortId?: string }>({
      query: (body) => ({ url: cartPaths.add, method: 'POST', body }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }): Promise<void> => {
        const cart = await changedCart(queryFulfilled);
        if (cart) dispatch(cartApi.util.upsertQueryData('getCart', undefined, cart));
      },
    }),
    removeFromCart: build.mutation<CartChangeResponse, string>({
      query: (courseId) => ({ url: cartPaths.remove, method: 'POST', body: { courseId } }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }): Promise<void> => {
        const cart = await changedCart(queryFulfilled);
        if (cart) dispatch(cartApi.util.upsertQueryData('getCart', undefined, cart));
      },
    }),
    /** A bundle goes into the signed-in cart as one line (issue 34). */
    addBundleToCart: build.mutation<CartChangeResponse, string>({
      query: (bundleId) => ({ url: cartPaths.add, method: 'POST', body: { bundleId } }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }): Promise<void> => {
        const cart = await changedCart(queryFulfilled);
        if (cart) dispatch(cartApi.util.upsertQueryData('getCart', undefined, cart));
      },
    }),
    removeBundleFromCart: build.mutation<CartChangeResponse, string>({
      query: (bundleId) => ({ url: cartPaths.remove, method: 'POST', body: { bundleId } }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }): Promise<void> => {
        const cart = await changedCart(queryFulfilled);
        if (cart) dispatch(cartApi.util.upsertQueryData('getCart', undefined, cart));
      },
    }),
    mergeCart: build.mutation<MergeCartResponse, MergeCartBody>({
      query: (body) => ({ url: cartPaths.merge, method: 'POST', body }),
      onQueryStarted: async (_arg, { dispatch, queryFulfilled }): Promise<void> => {
        const cart = await changedCart(queryFulfilled);
        if (cart) dispatch(cartApi.util.upsertQueryData('getCart', undefined, cart));
      },
    }),
    /** A mutation rather than a query: every Apply asks the server afresh, nothing is cached. */
    checkCoupon: build.mutation<CouponResponse, string>({
      query: (code) => pathWith(couponPaths.coupon, { code }),
    }),
  }),
});

/**
 * Every cart change answers with the whole cart: it replaces the cached one at once, so the page and
 * the header badge never show the cart as it was before the change (and no refetch is needed).
 * A failed change leaves the cache alone; its caller reports the failure.
 */
async function changedCart(queryFulfilled: Promise<{ data: { cart: Cart } }>): Promise<Cart | null> {
  try {
    return (await queryFulfilled).data.cart;
  } catch {
    return null;
  }
}

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useRemoveFromCartMutation,
  useMergeCartMutation,
  useCheckCouponMutation,
  useAddBundleToCartMutation,
  useRemoveBundleFromCartMutation,
} = cartApi;
