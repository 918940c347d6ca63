export const newsletterPaths = {
  subscribe: '/api/newsletter',
  confirm: '/api/newsletter/confirm',
  unsubscribe: '/api/newsletter/unsubscribe',
  adminSend: '/api/admin/newsletter/send',
} as const;
