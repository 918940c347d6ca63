import {
  type CreateOrderBody,
  type CreateOrderResponse,
  orderPaths,
  type VerifyPaymentBody,
  type VerifyPaymentResponse,
} from '@shop/shared';
import { api } from '../../lib/api';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The server prices the cart itself; a total that differs from `amount` is refused with 409. */
    createOrder: build.mutation<CreateOrderResponse, CreateOrderBody>({
      query: (body) => ({ url: orderPaths.createOrder, method: 'POST', body }),
    }),
    verifyPayment: build.mutation<VerifyPaymentResponse, VerifyPaymentBody>({
      query: (body) => ({ url: orderPaths.verifyPayment, method: 'POST', body }),
    }),
  }),
});

export const { useCreateOrderMutation, useVerifyPaymentMutation } = checkoutApi;
