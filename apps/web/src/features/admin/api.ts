import type {
  AdminAuditEntry,
  AdminAuditResponse,
  AdminCoupon,
  AdminCouponInput,
  AdminCouponResponse,
  AdminCouponsResponse,
  AdminCourse,
  AdminCourseFile,
  AdminCourseInput,
  AdminCourseResponse,
  AdminCourseRow,
  AdminCoursesResponse,
  AdminDashboard,
  AdminDashboardResponse,
  AdminFileResponse,
  AdminFilesResponse,
  AdminLearnerDetail,
  AdminLearnerResponse,
  AdminLearnerRow,
  AdminLearnersResponse,
  AdminMessage,
  AdminMessagesResponse,
  AdminOrderDetail,
  AdminOrderQuery,
  AdminOrderResponse,
  AdminOrderRow,
  AdminOrdersResponse,
  AdminThumbnailResponse,
  LearnerStatus,
} from '@shop/shared';
import { adminPaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

/** One tag for the whole console: any change refetches what the operator is looking at. */
const adminBase = api.enhanceEndpoints({ addTagTypes: ['Admin'] });

/** The query string of an order search, shared by the list and its CSV export link. */
export function orderSearchParams(query: AdminOrderQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, String(value));
  return params.toString();
}

export const adminApi = adminBase.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<AdminDashboard, void>({
      query: () => adminPaths.dashboard,
      transformResponse: (r: AdminDashboardResponse) => r.dashboard,
      providesTags: ['Admin'],
    }),
    getAudit: build.query<AdminAuditEntry[], void>({
      query: () => adminPaths.audit,
      transformResponse: (r: AdminAuditResponse) => r.entries,
      providesTags: ['Admin'],
    }),
    listAdminCourses: build.query<AdminCourseRow[], void>({
      query: () => adminPaths.courses,
      transformResponse: (r: AdminCoursesResponse) => r.courses,
      providesTags: ['Admin'],
    }),
    getAdminCourse: build.query<AdminCourse, string>({
      query: (id) => pathWith(adminPaths.course, { id }),
      transformResponse: (r: AdminCourseResponse) => r.course,
      providesTags: ['Admin'],
    }),
    saveCourse: build.mutation<AdminCourse, { id: string | null; input: AdminCourseInput }>({
      query: ({ id, input }) => ({
        url: id ? pathWith(adminPaths.course, { id }) : adminPaths.courses,
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
      transformResponse: (r: AdminCourseResponse) => r.course,
      invalidatesTags: ['Admin', 'Course'],
    }),
    publishCourse: build.mutation<AdminCourse, { id: string; published: boolean }>({
      query: ({ id, published }) => ({
        url: pathWith(adminPaths.publish, { id }),
        method: 'POST',
        body: { published },
      }),
      transformResponse: (r: AdminCourseResponse) => r.course,
      invalidatesTags: ['Admin', 'Course'],
    }),
    uploadThumbnail: build.mutation<string, File>({
      query: (file) => ({
        url: adminPaths.thumbnails,
        method: 'POST',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
      transformResponse: (r: AdminThumbnailResponse) => r.thumb,
    }),
    listCourseFiles: build.query<AdminCourseFile[], string>({
      query: (courseId) => pathWith(adminPaths.files, { id: courseId }),
      transformResponse: (r: AdminFilesResponse) => r.files,
      providesTags: ['Admin'],
    }),
    uploadCourseFile: build.mutation<AdminCourseFile, { courseId: string; file: File }>({
      query: ({ courseId, file }) => ({
        url: `${pathWith(adminPaths.files, { id: courseId })}?${new URLSearchParams({ name: file.name }).toString()}`,
        method: 'POST',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
      transformResponse: (r: AdminFileResponse) => r.file,
      invalidatesTags: ['Admin', 'Enrolled'],
    }),
    deleteCourseFile: build.mutation<void, { courseId: string; fileId: string }>({
      query: ({ courseId, fileId }) => ({ url: pathWith(adminPaths.file, { id: courseId, fileId }), method: 'DELETE' }),
      invalidatesTags: ['Admin', 'Enrolled'],
    }),
    listCoupons: build.query<AdminCoupon[], void>({
      query: () => adminPaths.coupons,
      transformResponse: (r: AdminCouponsResponse) => r.coupons,
      providesTags: ['Admin'],
    }),
    saveCoupon: build.mutation<AdminCoupon, { id: string | null; input: AdminCouponInput }>({
      query: ({ id, input }) => ({
        url: id ? pathWith(adminPaths.coupon, { id }) : adminPaths.coupons,
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
      transformResponse: (r: AdminCouponResponse) => r.coupon,
      invalidatesTags: ['Admin'],
    }),
    deactivateCoupon: build.mutation<AdminCoupon, string>({
      query: (id) => ({ url: pathWith(adminPaths.deactivateCoupon, { id }), method: 'POST', body: {} }),
      transformResponse: (r: AdminCouponResponse) => r.coupon,
      invalidatesTags: ['Admin'],
    }),
    searchOrders: build.query<AdminOrderRow[], AdminOrderQuery>({
      query: (query) => `${adminPaths.orders}?${orderSearchParams(query)}`,
      transformResponse: (r: AdminOrdersResponse) => r.orders,
      providesTags: ['Admin'],
    }),
    getOrder: build.query<AdminOrderDetail, string>({
      query: (id) => pathWith(adminPaths.order, { id }),
      transformResponse: (r: AdminOrderResponse) => r.order,
      providesTags: ['Admin'],
    }),
    refundOrder: build.mutation<AdminOrderDetail, string>({
      query: (id) => ({ url: pathWith(adminPaths.refund, { id }), method: 'POST', body: {} }),
      transformResponse: (r: AdminOrderResponse) => r.order,
      invalidatesTags: ['Admin'],
    }),
    listLearners: build.query<AdminLearnerRow[], string>({
      query: (q) => `${adminPaths.learners}?${new URLSearchParams(q ? { q } : {}).toString()}`,
      transformResponse: (r: AdminLearnersResponse) => r.learners,
      providesTags: ['Admin'],
    }),
    getLearner: build.query<AdminLearnerDetail, string>({
      query: (id) => pathWith(adminPaths.learner, { id }),
      transformResponse: (r: AdminLearnerResponse) => r.learner,
      providesTags: ['Admin'],
    }),
    setLearnerStatus: build.mutation<AdminLearnerDetail, { id: string; status: LearnerStatus }>({
      query: ({ id, status }) => ({
        url: pathWith(adminPaths.learnerStatus, { id }),
        method: 'POST',
        body: { status },
      }),
      transformResponse: (r: AdminLearnerResponse) => r.learner,
      invalidatesTags: ['Admin'],
    }),
    changeEnrolment: build.mutation<AdminLearnerDetail, { id: string; courseId: string; grant: boolean }>({
      query: ({ id, courseId, grant }) => ({
        url: pathWith(grant ? adminPaths.grant : adminPaths.revoke, { id }),
        method: 'POST',
        body: { courseId },
      }),
      transformResponse: (r: AdminLearnerResponse) => r.learner,
      invalidatesTags: ['Admin', 'Enrolled'],
    }),
    listMessages: build.query<AdminMessage[], void>({
      query: () => adminPaths.messages,
      transformResponse: (r: AdminMessagesResponse) => r.messages,
      providesTags: ['Admin'],
    }),
    markHandled: build.mutation<void, { id: string; handled: boolean }>({
      query: ({ id, handled }) => ({
        url: pathWith(adminPaths.messageHandled, { id }),
        method: 'POST',
        body: { handled },
      }),
      invalidatesTags: ['Admin'],
    }),
  }),
});

export const {
  useGetDashboardQuery,
  useGetAuditQuery,
  useListAdminCoursesQuery,
  useGetAdminCourseQuery,
  useSaveCourseMutation,
  usePublishCourseMutation,
  useUploadThumbnailMutation,
  useListCourseFilesQuery,
  useUploadCourseFileMutation,
  useDeleteCourseFileMutation,
  useListCouponsQuery,
  useSaveCouponMutation,
  useDeactivateCouponMutation,
  useSearchOrdersQuery,
  useGetOrderQuery,
  useRefundOrderMutation,
  useListLearnersQuery,
  useGetLearnerQuery,
  useSetLearnerStatusMutation,
  useChangeEnrolmentMutation,
  useListMessagesQuery,
  useMarkHandledMutation,
} = adminApi;
