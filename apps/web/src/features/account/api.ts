import type {
  AcceptedResponse,
  ChangePasswordRequest,
  DeleteAccountRequest,
  DeleteAccountResponse,
  DoneResponse,
  EmailLinkRequest,
  ForgotPasswordRequest,
  LinkPreviewResponse,
  PrivacyStatusResponse,
  ProfileResponse,
  ResetPasswordRequest,
  SignedInResponse,
  SignInRequest,
  SignUpRequest,
} from '@shop/shared';
import { accountPaths, privacyPaths } from '@shop/shared';
import { api, sendBody } from '../../lib/api';

export interface Profile {
  username: string;
  email: string;
  role: 'learner' | 'admin';
}

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The header's profile check: the signed-in user, or null when there is no session. */
    getProfile: build.query<Profile | null, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery(accountPaths.profile);
        const data = result.data as ProfileResponse | undefined;
        if (data?.ok) return { data: { username: data.username, email: data.email, role: data.role } };
        return { data: null };
      },
      providesTags: ['Profile'],
    }),
    signIn: build.mutation<SignedInResponse, SignInRequest>({ query: sendBody(accountPaths.signIn) }),
    signUp: build.mutation<AcceptedResponse, SignUpRequest>({ query: sendBody(accountPaths.signUp) }),
    sendSignInLink: build.mutation<AcceptedResponse, EmailLinkRequest>({ query: sendBody(accountPaths.emailLink) }),
    /** What a mailed link would do (kind, masked address), without using it up. */
    previewEmailToken: build.mutation<LinkPreviewResponse, string>({
      query: (token) => ({ url: accountPaths.previewEmailToken, method: 'POST', body: { token } }),
    }),
    /** The click on a mailed link's landing page: a POST, because mail scanners follow GET links. */
    verifyEmailToken: build.mutation<SignedInResponse, string>({
      query: (token) => ({ url: accountPaths.verifyEmailToken, method: 'POST', body: { token } }),
    }),
    /** The profile's password form: every other session ends, this browser gets a fresh cookie. */
    changePassword: build.mutation<DoneResponse, ChangePasswordRequest>({
      query: sendBody(accountPaths.changePassword),
    }),
    forgotPassword: build.mutation<AcceptedResponse, ForgotPasswordRequest>({
      query: sendBody(accountPaths.forgotPassword),
    }),
    /** The reset page's submit, the only call that uses the mailed token. */
    resetPassword: build.mutation<SignedInResponse, ResetPasswordRequest>({
      query: sendBody(accountPaths.resetPassword),
    }),
    getPrivacyStatus: build.query<PrivacyStatusResponse, void>({
      query: () => privacyPaths.privacy,
      providesTags: ['Profile'],
    }),
    unsubscribeNewsletter: build.mutation<DoneResponse, void>({
      query: () => ({ url: privacyPaths.newsletterUnsubscribe, method: 'POST' }),
      invalidatesTags: ['Profile'],
    }),
    deleteAccount: build.mutation<DeleteAccountResponse, DeleteAccountRequest>({
      query: sendBody(privacyPaths.delete),
    }),
    /** The mailed confirmation link's button: the only call that uses its token. */
    confirmAccountDeletion: build.mutation<DeleteAccountResponse, string>({
      query: (token) => ({ url: privacyPaths.deleteConfirm, method: 'POST', body: { token } }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: accountPaths.logout, method: 'POST' }),
    }),
  }),
});

export const {
  useGetProfileQuery,
  useSignInMutation,
  useSignUpMutation,
  useSendSignInLinkMutation,
  usePreviewEmailTokenMutation,
  useVerifyEmailTokenMutation,
  useLogoutMutation,
  useChangePasswordMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useGetPrivacyStatusQuery,
  useUnsubscribeNewsletterMutation,
  useDeleteAccountMutation,
  useConfirmAccountDeletionMutation,
} = accountApi;

/** The per-field messages a refused call carries (`{ fields: { email: '…' } }`), if any. */
export function fieldErrors(error: unknown): Record<string, string> {
  const fields = (error as { data?: { fields?: unknown } } | undefined)?.data?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}
