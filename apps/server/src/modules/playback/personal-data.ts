import type { MyDataExport } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { deletePlaybackOfUser, findDeviceFlags, findStreamsOfUser } from './repo.js';

/**
 * The learner's protected-video devices and flags, for their data export: times only, never a session
 * id, a signed link or a key.
 */
export async function exportPlaybackOf(db: Db, userId: string): Promise<MyDataExport['videoDevices']> {
  const [streams, flags] = await Promise.all([findStreamsOfUser(db, userId), findDeviceFlags(db, userId)]);
  return {
    devices: streams.map((row) => ({
      signedInAt: row.signed_in_at,
      lastPlayedAt: row.last_seen_at,
      stoppedAt: row.stopped_at,
    })),
    flags: flags.map((row) => ({ day: row.day, devices: Number(row.devices) })),
  };
}

/**
 * Erases the learner's streams and many-devices flags inside the account deletion's transaction (the
 * streams would go with the sessions; said here so no later change to sessions leaves them behind).
 */
export function erasePlaybackOf(trx: Db, userId: string): Promise<void> {
  return deletePlaybackOfUser(trx, userId);
}
