/** The privacy centre: what we hold, its export, the newsletter opt-out and the account's deletion. */
export const privacyPaths = {
  privacy: '/api/me/privacy',
  export: '/api/me/export',
  newsletterUnsubscribe: '/api/me/newsletter/unsubscribe',
  delete: '/api/me/delete',
  deleteConfirm: '/api/me/delete/confirm',
} as const;
