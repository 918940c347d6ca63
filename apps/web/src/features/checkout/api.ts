import type { CreateOrderBody, CreateOrderResponse, VerifyPaymentBody, VerifyPaymentResponse } from '@shop/shared';
import { api } from '../../app/api';

export const checkoutApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The server prices the cart itself; a total that differs from `amount` is refused with 409. */
    createOrder: build.mutation<CreateOrderResponse, CreateOrderBody>({
      query: (body) => ({ url: '/create-order', method: 'POST', body }),
    }),
    verifyPayment: build.mutation<VerifyPaymentResponse, VerifyPaymentBody>({
      query: (body) => ({ url: '/verify-payment', method: 'POST', body }),
    }),
  }),
});

export const { useCreateOrderMutation, useVerifyPaymentMutation } = checkoutApi;
