import { z } from 'zod';
import { videoSettingsInput } from './video-settings.js';

/**
 * A lesson's own video for one learner: the master playlist on a short-lived URL signed for this
 * learner and session, the text the player lays over the picture, and when the URL stops working
 * (the player asks again before then, which also tells the server this device is still playing).
 */
export const playbackResponse = z.object({
  ok: z.literal(true),
  manifestUrl: z.string(),
  /** The signed query (`?c=…&s=…`) the player puts on every playlist and key URL it fetches. */
  signedQuery: z.string(),
  /** Signed like the playlists; null when the video has no captions. */
  captionsUrl: z.string().nullable(),
  posterUrl: z.string(),
  /** The learner's e-mail and today's date (India time); empty for a visitor's preview. */
  watermark: z.string(),
  /** ISO time. */
  expiresAt: z.string(),
});
export type PlaybackResponse = z.infer<typeof playbackResponse>;

export const stopOtherDevicesResponse = z.object({ ok: z.literal(true), stopped: z.number().int().nonnegative() });
export type StopOtherDevicesResponse = z.infer<typeof stopOtherDevicesResponse>;

export const videoSettingsResponse = z.object({ ok: z.literal(true), settings: videoSettingsInput });
export type VideoSettingsResponse = z.infer<typeof videoSettingsResponse>;
