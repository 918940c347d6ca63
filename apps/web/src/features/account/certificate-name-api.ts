import type { CertificateNameRequest, CertificateNameResponse } from '@shop/shared';
import { certificatePaths } from '@shop/shared';
import { api } from '../../lib/api';

export const certificateNameApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The name the learner prints on certificates (null: their username). */
    getCertificateName: build.query<string | null, void>({
      query: () => certificatePaths.name,
      transformResponse: (response: CertificateNameResponse) => response.certificateName,
      providesTags: ['Profile'],
    }),
    saveCertificateName: build.mutation<CertificateNameResponse, CertificateNameRequest>({
      query: (body) => ({ url: certificatePaths.name, method: 'POST', body }),
      invalidatesTags: ['Profile'],
    }),
  }),
});

export const { useGetCertificateNameQuery, useSaveCertificateNameMutation } = certificateNameApi;
