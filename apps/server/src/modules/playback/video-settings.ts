import type { VideoSettingsInput } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { findVideoSettings, saveVideoSettings } from './repo.js';

/** Two devices may play one learner's courses at once; more than five signed in one day is flagged. */
export const DEFAULT_VIDEO_SETTINGS: VideoSettingsInput = { maxDevices: 2, maxSignInDevicesPerDay: 5 };

/** The console's saved numbers, or the defaults until the operator saves some. */
export async function readVideoSettings(db: Db): Promise<VideoSettingsInput> {
  const row = await findVideoSettings(db);
  return row
    ? { maxDevices: row.max_devices, maxSignInDevicesPerDay: row.max_sign_in_devices }
    : DEFAULT_VIDEO_SETTINGS;
}

export async function updateVideoSettings(db: Db, operator: SessionUser, input: VideoSettingsInput, now = new Date()) {
  await saveVideoSettings(
    db,
    { max_devices: input.maxDevices, max_sign_in_devices: input.maxSignInDevicesPerDay },
    operator.email,
    now.toISOString(),
  );
  return readVideoSettings(db);
}
