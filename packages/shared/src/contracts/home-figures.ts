import { z } from 'zod';

/**
 * The home page's statistics strip (issue 32). Off (the default), it shows the specification's figures;
 * switched on in the console, live ones: `courses` the published courses, `sold` the courses bought and
 * not refunded (enrolments that came with an order), `learners` the people who own at least one course
 * now, `certificates` the certificates issued.
 */
export const homeFigures = z.object({
  courses: z.number().int().nonnegative(),
  sold: z.number().int().nonnegative(),
  learners: z.number().int().nonnegative(),
  certificates: z.number().int().nonnegative(),
});
export type HomeFigures = z.infer<typeof homeFigures>;

/** `figures` is null while the strip shows the specification's figures. */
export const homeFiguresResponse = z.object({
  ok: z.literal(true),
  live: z.boolean(),
  figures: homeFigures.nullable(),
});
export type HomeFiguresResponse = z.infer<typeof homeFiguresResponse>;

/** The console's switch. */
export const homeFiguresSetting = z.object({ live: z.boolean({ error: 'must be true or false' }) });
export type HomeFiguresSetting = z.infer<typeof homeFiguresSetting>;
export const homeFiguresSettingResponse = z.object({ ok: z.literal(true), live: z.boolean() });
