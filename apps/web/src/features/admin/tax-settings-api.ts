import type { AdminTaxSettings, TaxSettingsInput } from '@shop/shared';
import { billingPaths } from '@shop/shared';
import { api } from '../../lib/api';

type Saved = { message: string; settings: AdminTaxSettings };

/**
 * Injected into the app's API with the console's tag, not into admin/api.ts's adminApi: that would bring
 * every console section's endpoints (1.2 KB gzip) into this page's chunk (decision 0026).
 */
export const taxSettingsApi = api.enhanceEndpoints({ addTagTypes: ['Admin'] }).injectEndpoints({
  endpoints: (build) => ({
    getTaxSettings: build.query<AdminTaxSettings, void>({
      query: () => billingPaths.adminTaxSettings,
      transformResponse: (r: { settings: AdminTaxSettings }) => r.settings,
      providesTags: ['Admin'],
    }),
    saveTaxSettings: build.mutation<Saved, TaxSettingsInput>({
      query: (body) => ({ url: billingPaths.adminTaxSettings, method: 'PUT', body }),
      invalidatesTags: ['Admin'],
    }),
    uploadSignature: build.mutation<Saved, File>({
      query: (file) => ({
        url: billingPaths.adminSignature,
        method: 'POST',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
      invalidatesTags: ['Admin'],
    }),
    removeSignature: build.mutation<Saved, void>({
      query: () => ({ url: billingPaths.adminSignature, method: 'DELETE' }),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const {
  useGetTaxSettingsQuery,
  useSaveTaxSettingsMutation,
  useUploadSignatureMutation,
  useRemoveSignatureMutation,
} = taxSettingsApi;
