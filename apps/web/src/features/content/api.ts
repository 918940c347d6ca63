import type { ContactResponse, contactRequest } from '@shop/shared';
import { contactPaths } from '@shop/shared';
import type { z } from 'zod/mini';
import { api } from '../../lib/api';

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactResponse, z.output<typeof contactRequest>>({
      query: (body) => ({ url: contactPaths.contact, method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contentApi;
