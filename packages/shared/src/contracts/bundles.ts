import { z } from 'zod';
import { objectId } from './common.js';
import { instalmentOffer } from './instalments.js';

export const bundleCourse = z.object({
  _id: objectId,
  title: z.string(),
  price: z.number().nonnegative(),
  thumb: z.string(),
});
export type BundleCourse = z.infer<typeof bundleCourse>;

/** A bundle as the shop shows it; prices in rupees like every API price. */
export const bundle = z.object({
  id: objectId,
  title: z.string(),
  description: z.string(),
  price: z.number().nonnegative(),
  /** What the included courses cost one by one, in rupees. */
  coursesPrice: z.number().nonnegative(),
  courses: z.array(bundleCourse),
});
export type Bundle = z.infer<typeof bundle>;

export const adminBundle = bundle.extend({ published: z.boolean(), courseIds: z.array(objectId) });
export type AdminBundle = z.infer<typeof adminBundle>;

export const adminBundleResponse = z.object({ ok: z.literal(true), bundle: adminBundle });
export type AdminBundleResponse = z.infer<typeof adminBundleResponse>;
export const adminBundlesResponse = z.object({ ok: z.literal(true), bundles: z.array(adminBundle) });
export type AdminBundlesResponse = z.infer<typeof adminBundlesResponse>;

/** `GET /api/bundles?courseId=` lists the published bundles that include that course (the course page's). */
export const bundlesQuery = z.object({ courseId: objectId.optional() });
export const bundlesResponse = z.object({ ok: z.literal(true), bundles: z.array(bundle) });
export type BundlesResponse = z.infer<typeof bundlesResponse>;
/** One bundle's page: also its instalment offer (N monthly payments of its courses), null when none is on sale. */
export const bundleDetail = bundle.extend({ instalments: instalmentOffer.nullable() });
export type BundleDetail = z.infer<typeof bundleDetail>;
export const bundleResponse = z.object({ ok: z.literal(true), bundle: bundleDetail });
export type BundleResponse = z.infer<typeof bundleResponse>;
