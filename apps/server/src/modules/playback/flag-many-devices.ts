import { indiaDate } from '@shop/shared';
import { writeAudit } from '../../audit/write-audit.js';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { countSessionsSince, insertDeviceFlag } from './repo.js';

/** Midnight of the day in India (UTC+05:30, no daylight saving) as an ISO time. */
function indiaDayStart(day: string): string {
  return new Date(`${day}T00:00:00.000+05:30`).toISOString();
}

/**
 * A learner whose account was signed in on more devices today (India time) than the console allows
 * is flagged once that day for the operator: a row the learner's page shows and an entry in the audit
 * log. Asked when the learner plays a course's video, which is what account sharing is for.
 */
export async function flagManyDevices(db: Db, user: SessionUser, limit: number, now = new Date()): Promise<boolean> {
  const day = indiaDate(now);
  const devices = await countSessionsSince(db, user.id, indiaDayStart(day));
  if (devices <= limit) return false;
  const recorded = await insertDeviceFlag(db, user.id, day, devices, now.toISOString());
  if (recorded) {
    await writeAudit(
      db,
      user,
      { action: 'video.many_devices', entity: 'user', entityId: user.id, before: null, after: { day, devices, limit } },
      now,
    );
  }
  return recorded;
}
