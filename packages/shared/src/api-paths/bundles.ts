/** The bundles module: the public catalogue of bundles and the console's bundle editor (issue 34). */
export const bundlePaths = {
  bundles: '/api/bundles',
  bundle: '/api/bundles/:id',
  adminBundles: '/api/admin/bundles',
  adminBundle: '/api/admin/bundles/:id',
} as const;
