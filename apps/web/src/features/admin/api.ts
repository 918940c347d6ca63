import type {
  AdminAuditEntry,
  AdminCoupon,
  AdminCouponInput,
  AdminCourse,
  AdminCourseFile,
  AdminCourseInput,
  AdminCourseRow,
  AdminDashboard,
  AdminLearnerDetail,
  AdminLearnerRow,
  AdminMessage,
  AdminOrderDetail,
  AdminOrderQuery,
  AdminOrderRow,
} from '@shop/shared';
import { api } from '../../app/api';

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
      query: () => '/admin/dashboard',
      transformResponse: (r: { dashboard: AdminDashboard }) => r.dashboard,
      providesTags: ['Admin'],
    }),
    getAudit: build.query<AdminAuditEntry[], void>({
      query: () => '/admin/audit',
      transformResponse: (r: { entries: AdminAuditEntry[] }) => r.entries,
      providesTags: ['Admin'],
    }),
    listAdminCourses: build.query<AdminCourseRow[], void>({
      query: () => '/admin/courses',
      transformResponse: (r: { courses: AdminCourseRow[] }) => r.courses,
      providesTags: ['Admin'],
    }),
    getAdminCourse: build.query<AdminCourse, string>({
      query: (id) => `/admin/courses/${id}`,
      transformResponse: (r: { course: AdminCourse }) => r.course,
      providesTags: ['Admin'],
    }),
    saveCourse: build.mutation<AdminCourse, { id: string | null; input: AdminCourseInput }>({
      query: ({ id, input }) => ({
        url: id ? `/admin/courses/${id}` : '/admin/courses',
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
      transformResponse: (r: { course: AdminCourse }) => r.course,
      invalidatesTags: ['Admin', 'Course'],
    }),
    publishCourse: build.mutation<AdminCourse, { id: string; published: boolean }>({
      query: ({ id, published }) => ({ url: `/admin/courses/${id}/publish`, method: 'POST', body: { published } }),
      transformResponse: (r: { course: AdminCourse }) => r.course,
      invalidatesTags: ['Admin', 'Course'],
    }),
    uploadThumbnail: build.mutation<string, File>({
      query: (file) => ({
        url: '/admin/thumbnails',
        method: 'POST',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
      transformResponse: (r: { thumb: string }) => r.thumb,
    }),
    listCourseFiles: build.query<AdminCourseFile[], string>({
      query: (courseId) => `/admin/courses/${courseId}/files`,
      transformResponse: (r: { files: AdminCourseFile[] }) => r.files,
      providesTags: ['Admin'],
    }),
    uploadCourseFile: build.mutation<AdminCourseFile, { courseId: string; file: File }>({
      query: ({ courseId, file }) => ({
        url: `/admin/courses/${courseId}/files?${new URLSearchParams({ name: file.name }).toString()}`,
        method: 'POST',
        body: file,
        headers: { 'content-type': file.type || 'application/octet-stream' },
      }),
      invalidatesTags: ['Admin', 'Enrolled'],
    }),
    deleteCourseFile: build.mutation<void, { courseId: string; fileId: string }>({
      query: ({ courseId, fileId }) => ({ url: `/admin/courses/${courseId}/files/${fileId}`, method: 'DELETE' }),
      invalidatesTags: ['Admin', 'Enrolled'],
    }),
    listCoupons: build.query<AdminCoupon[], void>({
      query: () => '/admin/coupons',
      transformResponse: (r: { coupons: AdminCoupon[] }) => r.coupons,
      providesTags: ['Admin'],
    }),
    saveCoupon: build.mutation<AdminCoupon, { id: string | null; input: AdminCouponInput }>({
      query: ({ id, input }) => ({
        url: id ? `/admin/coupons/${id}` : '/admin/coupons',
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
      invalidatesTags: ['Admin'],
    }),
    deactivateCoupon: build.mutation<AdminCoupon, string>({
      query: (id) => ({ url: `/admin/coupons/${id}/deactivate`, method: 'POST', body: {} }),
      invalidatesTags: ['Admin'],
    }),
    searchOrders: build.query<AdminOrderRow[], AdminOrderQuery>({
      query: (query) => `/admin/orders?${orderSearchParams(query)}`,
      transformResponse: (r: { orders: AdminOrderRow[] }) => r.orders,
      providesTags: ['Admin'],
    }),
    getOrder: build.query<AdminOrderDetail, string>({
      query: (id) => `/admin/orders/${id}`,
      transformResponse: (r: { order: AdminOrderDetail }) => r.order,
      providesTags: ['Admin'],
    }),
    refundOrder: build.mutation<AdminOrderDetail, string>({
      query: (id) => ({ url: `/admin/orders/${id}/refund`, method: 'POST', body: {} }),
      invalidatesTags: ['Admin'],
    }),
    listLearners: build.query<AdminLearnerRow[], string>({
      query: (q) => `/admin/learners?${new URLSearchParams(q ? { q } : {}).toString()}`,
      transformResponse: (r: { learners: AdminLearnerRow[] }) => r.learners,
      providesTags: ['Admin'],
    }),
    getLearner: build.query<AdminLearnerDetail, string>({
      query: (id) => `/admin/learners/${id}`,
      transformResponse: (r: { learner: AdminLearnerDetail }) => r.learner,
      providesTags: ['Admin'],
    }),
    setLearnerStatus: build.mutation<AdminLearnerDetail, { id: string; status: string }>({
      query: ({ id, status }) => ({ url: `/admin/learners/${id}/status`, method: 'POST', body: { status } }),
      invalidatesTags: ['Admin'],
    }),
    changeEnrolment: build.mutation<AdminLearnerDetail, { id: string; courseId: string; grant: boolean }>({
      query: ({ id, courseId, grant }) => ({
        url: `/admin/learners/${id}/${grant ? 'grant' : 'revoke'}`,
        method: 'POST',
        body: { courseId },
      }),
      invalidatesTags: ['Admin', 'Enrolled'],
    }),
    listMessages: build.query<AdminMessage[], void>({
      query: () => '/admin/messages',
      transformResponse: (r: { messages: AdminMessage[] }) => r.messages,
      providesTags: ['Admin'],
    }),
    markHandled: build.mutation<void, { id: string; handled: boolean }>({
      query: ({ id, handled }) => ({ url: `/admin/messages/${id}/handled`, method: 'POST', body: { handled } }),
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
