import type {
  AdminMemberActionResponse,
  AdminPlanMember,
  AdminPlanMembersResponse,
  RefundChargeResponse,
} from '@shop/shared';
import { pathWith, subscriptionPaths } from '@shop/shared';
import { adminApi } from './api';

export type MemberAction = 'cancel-now' | 'cancel-at-end' | 'pause' | 'resume';

const actionPath = {
  'cancel-now': 'adminCancel',
  'cancel-at-end': 'adminCancel',
  pause: 'adminPause',
  resume: 'adminResume',
} as const;

export const planMembersApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    listPlanMembers: build.query<AdminPlanMember[], string>({
      query: (id) => pathWith(subscriptionPaths.adminPlanMembers, { id }),
      transformResponse: (r: AdminPlanMembersResponse) => r.members,
      providesTags: ['Admin'],
    }),
    /** Cancel (at once or at the period's end), pause or resume one membership at the gateway. */
    actOnMember: build.mutation<AdminMemberActionResponse, { subscriptionId: string; action: MemberAction }>({
      query: ({ subscriptionId, action }) => ({
        url: pathWith(subscriptionPaths[actionPath[action]], { id: subscriptionId }),
        method: 'POST',
        body: action.startsWith('cancel') ? { atCycleEnd: action === 'cancel-at-end' } : {},
      }),
      invalidatesTags: ['Admin'],
    }),
    /** Refunds one charge in full (its credit note is issued by the server). */
    refundMemberCharge: build.mutation<RefundChargeResponse, { subscriptionId: string; paymentId: string }>({
      query: ({ subscriptionId, paymentId }) => ({
        url: pathWith(subscriptionPaths.adminRefundCharge, { id: subscriptionId, paymentId }),
        method: 'POST',
        body: {},
      }),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const { useListPlanMembersQuery, useActOnMemberMutation, useRefundMemberChargeMutation } = planMembersApi;
