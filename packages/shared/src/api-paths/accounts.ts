/** Sign-up, sign-in and the session: the accounts module. */
export const accountPaths = {
  profile: '/api/profile',
  logout: '/api/logout',
  /** The old site's sign-out link: a redirect home. */
  logoutLink: '/auth/logout',
  signUp: '/api/signup',
  signIn: '/api/signin',
  emailLink: '/api/email',
  verifyEmailToken: '/api/verify-email-token',
  previewEmailToken: '/api/preview-email-token',
  changePassword: '/api/change-password',
  forgotPassword: '/api/forgot-password',
  resetPassword: '/api/reset-password',
} as const;
