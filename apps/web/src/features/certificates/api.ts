import type { CertificateResponse, CertificateView } from '@shop/shared';
import { certificatePaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

export const certificatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The public verification of a certificate; an unknown id answers 404 with a message to show. */
    getCertificate: build.query<CertificateView, string>({
      query: (id) => pathWith(certificatePaths.certificate, { id }),
      transformResponse: (response: CertificateResponse) => response.certificate,
    }),
  }),
});

export const { useGetCertificateQuery } = certificatesApi;
