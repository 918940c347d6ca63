import { billingPaths, type MyOrder, type MyOrdersResponse } from '@shop/shared';
import { api } from '../../lib/api';

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyOrders: build.query<MyOrder[], void>({
      query: () => billingPaths.orders,
      transformResponse: (response: MyOrdersResponse) => response.orders,
    }),
  }),
});

export const { useGetMyOrdersQuery } = ordersApi;
