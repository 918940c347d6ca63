import { messages } from '@shop/shared';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import {
  countOtherActiveStreams,
  findStream,
  forgetStream,
  startStream,
  stopOtherStreams,
  touchStream,
} from './repo.js';

/** A device plays while its player refreshed or fetched a key this recently (the player refreshes every minute). */
export const STREAM_WINDOW_MS = 2 * 60 * 1000;
/** A device whose stream was ended from another one stays refused this long, unless it takes the stream back. */
export const STOPPED_FOR_MS = 10 * 60 * 1000;
/** Reads are reads: a playing device's time is written at most this often. */
const TOUCH_AFTER_MS = 30 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

function stoppedRecently(stream: { stopped_at: string | null } | undefined, now: Date): boolean {
  return Boolean(stream?.stopped_at && Date.parse(stream.stopped_at) > now.getTime() - STOPPED_FOR_MS);
}

/**
 * The device limit, asked when the player opens or refreshes a video: a device (a session) that is
 * already playing goes on; one whose stream another device ended is refused with that reason; a new one
 * plays only while fewer than `maxDevices` others do, else it gets 409 and may end theirs. Answers
 * whether this device has just started playing (rather than gone on).
 */
export async function claimStream(db: Db, user: SessionUser, maxDevices: number, now = new Date()): Promise<boolean> {
  const since = iso(now.getTime() - STREAM_WINDOW_MS);
  const mine = await findStream(db, user.sessionId);
  if (stoppedRecently(mine, now)) throw new AppError('conflict', messages.videoStoppedElsewhere);
  if (mine && !mine.stopped_at && mine.last_seen_at >= since) {
    if (Date.parse(mine.last_seen_at) < now.getTime() - TOUCH_AFTER_MS)
      await touchStream(db, user.sessionId, now.toISOString());
    return false;
  }
  const refuse = (others: number) =>
    new AppError('conflict', messages.videoDeviceLimit.replace('{count}', String(others)));
  const others = await countOtherActiveStreams(db, user.id, user.sessionId, since);
  if (others >= maxDevices) throw refuse(others);
  await startStream(db, user.sessionId, user.id, now.toISOString());
  // Devices starting at the same moment each saw room for themselves: counted again once this one is
  // written, one that finds the limit passed steps back (rarely both; the learner then tries again).
  const after = await countOtherActiveStreams(db, user.id, user.sessionId, since);
  if (after >= maxDevices) {
    await forgetStream(db, user.sessionId);
    throw refuse(after);
  }
  return true;
}

/**
 * Asked on every signed playlist and key request of an enrolled learner: refused once another device
 * ended this one's stream, and counts as this device playing. `mine` is this session's stream as the
 * request read it (undefined for none).
 */
export async function checkStream(
  db: Db,
  user: SessionUser,
  mine: { last_seen_at: string; stopped_at: string | null } | undefined,
  now = new Date(),
): Promise<void> {
  if (stoppedRecently(mine, now)) throw new AppError('forbidden', messages.videoStoppedElsewhere);
  if (!mine) return startStream(db, user.sessionId, user.id, now.toISOString());
  if (Date.parse(mine.last_seen_at) < now.getTime() - TOUCH_AFTER_MS)
    await touchStream(db, user.sessionId, now.toISOString());
}

/** "Stop playing on other devices": theirs end (their next request is refused), this one plays. */
export async function takeOverStreams(db: Db, user: SessionUser, now = new Date()): Promise<number> {
  const stopped = await stopOtherStreams(
    db,
    user.id,
    user.sessionId,
    iso(now.getTime() - STREAM_WINDOW_MS),
    now.toISOString(),
  );
  await startStream(db, user.sessionId, user.id, now.toISOString());
  return stopped;
}
