export const certificatePaths = {
  certificate: '/api/certificates/:id',
  pdf: '/api/certificates/:id/pdf',
  name: '/api/profile/certificate-name',
  reissue: '/api/certificates/:id/reissue',
} as const;
