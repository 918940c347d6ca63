import { z } from 'zod';

/** The learner's daily digest of newly opened lessons (issue 35): on unless they turned it off. */
export const releaseDigestSetting = z.object({ enabled: z.boolean({ error: 'must be true or false' }) });
export type ReleaseDigestSetting = z.infer<typeof releaseDigestSetting>;
export const releaseDigestResponse = releaseDigestSetting.extend({ ok: z.literal(true) });
export type ReleaseDigestResponse = z.infer<typeof releaseDigestResponse>;

/** The mail's signed one-click link: the learner and the signature over them. Lenient: a bad link is a 400. */
export const releaseDigestUnsubscribeQuery = z.object({
  u: z.string().max(64).default(''),
  s: z.string().max(128).default(''),
});
export const releaseDigestUnsubscribed = z.object({ ok: z.literal(true), message: z.string() });
