import * as z from 'zod/mini';

const wholeNumber = (max: number) =>
  z
    .int(`must be a whole number from 1 to ${max}`)
    .check(z.gte(1, `must be a whole number from 1 to ${max}`), z.lte(max, `must be a whole number from 1 to ${max}`));

/**
 * The console's device limit: devices streaming at once, and devices signed in per day before a flag.
 * zod/mini (not in playback.ts, which is classic): the console's form validates with this very schema,
 * and a classic schema would bring classic zod (about 20 KB gzip) into the console's page (decision 0026).
 */
export const videoSettingsInput = z.object({
  maxDevices: wholeNumber(20),
  maxSignInDevicesPerDay: wholeNumber(100),
});
export type VideoSettingsInput = z.infer<typeof videoSettingsInput>;
