import { indiaDate } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { findLatestDeviceFlags } from './repo.js';

/** How far back the console's list of learners shows a many-devices flag. */
const SHOWN_FOR_DAYS = 7;

export interface DeviceFlag {
  day: string;
  devices: number;
}

/**
 * The latest many-devices flag of each learner given, from the last week (India days), for the console's
 * list of learners: a badge where the operator looks, not only a line in the audit log.
 */
export async function listDeviceFlags(
  db: Db,
  userIds: readonly string[],
  now = new Date(),
): Promise<Map<string, DeviceFlag>> {
  const since = indiaDate(new Date(now.getTime() - (SHOWN_FOR_DAYS - 1) * 86_400_000));
  const flags = new Map<string, DeviceFlag>();
  // Oldest first, so the latest day of each learner is the one kept.
  for (const row of await findLatestDeviceFlags(db, userIds, since)) {
    flags.set(row.user_id, { day: row.day, devices: Number(row.devices) });
  }
  return flags;
}
