import type { AdminLiveSession } from '@shop/shared';
import type { AppDeps } from '../../deps.js';
import { audienceReader } from './audience.js';
import { findSessionsSince } from './repo.js';
import { adminView } from './session-view.js';

/** The console's schedule: the sessions of the last 30 days and every later one, not cancelled, soonest first. */
export async function listConsoleSessions(
  deps: Pick<AppDeps, 'db' | 'config'>,
  now = new Date(),
): Promise<AdminLiveSession[]> {
  const reader = audienceReader(deps.db, null, now);
  const rows = await findSessionsSince(deps.db, new Date(now.getTime() - 30 * 86_400_000));
  const sessions: AdminLiveSession[] = [];
  for (const row of rows)
    sessions.push(adminView(row, await reader.title(row), Number(row.attendees ?? 0), deps.config.jitsi));
  return sessions;
}
