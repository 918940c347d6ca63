import type { InvoiceRegister, InvoiceRegisterQuery, ResendDocumentInput } from '@shop/shared';
import { billingPaths } from '@shop/shared';
import { adminApi } from './api';

/** The invoice register's calls, on the console's API slice (its one `Admin` tag refetches after a change). */
export const registerApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getInvoiceRegister: build.query<InvoiceRegister, InvoiceRegisterQuery>({
      query: ({ month, q }) => `${billingPaths.adminInvoices}?${new URLSearchParams({ month, ...(q ? { q } : {}) })}`,
      transformResponse: (r: { register: InvoiceRegister }) => r.register,
      providesTags: ['Admin'],
    }),
    resendDocument: build.mutation<string, ResendDocumentInput>({
      query: (body) => ({ url: billingPaths.adminResendInvoices, method: 'POST', body }),
      transformResponse: (r: { message: string }) => r.message,
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useGetInvoiceRegisterQuery, useResendDocumentMutation } = registerApi;
