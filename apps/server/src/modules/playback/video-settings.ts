import type { VideoSettingsInput } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
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

/** Saves the console's numbers and the audit row (who, when, old and new) in one transaction. */
export async function updateVideoSettings(db: Db, operator: SessionUser, input: VideoSettingsInput, now = new Date()) {
  await db.transaction().execute(async (trx) => {
    const before = await readVideoSettings(trx);
    await saveVideoSettings(
      trx,
      { max_devices: input.maxDevices, max_sign_in_devices: input.maxSignInDevicesPerDay },
      operator.email,
      now.toISOString(),
    );
    const after = { maxDevices: input.maxDevices, maxSignInDevicesPerDay: input.maxSignInDevicesPerDay };
    await writeAudit(
      trx,
      operator,
      { action: 'video_settings.saved', entity: 'video_settings', entityId: 'shop', before, after },
      now,
    );
  });
  return readVideoSettings(db);
}
