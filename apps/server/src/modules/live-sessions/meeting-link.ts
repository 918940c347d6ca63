import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Config } from '../../config.js';

/** How long a Jitsi join token is good for: enough to open the meeting from the join click, no more. */
export const JITSI_TOKEN_SECONDS = 10 * 60;

/** An unguessable Jitsi room name per session (96 random bits): knowing one room tells nothing of another. */
export function newRoomName(): string {
  return `tradeskool-${randomBytes(12).toString('hex')}`;
}

/** The Jitsi room's address without a token (the console's view, never a learner's). */
export function jitsiRoomUrl(jitsi: Config['jitsi'], roomName: string): string {
  return `${jitsi.url}/${roomName}`;
}

/**
 * The address a learner joins by. A pasted Zoom or Meet link as it is. A Jitsi room on its server; when the
 * setting gives an app id and secret (a self-hosted Jitsi with token auth, prosody's `token` authentication),
 * with a signed HS256 token naming the learner and the room, good for 10 minutes: a shared link lets no
 * one else in once it has expired, and never into another room. The operator's token makes them moderator.
 */
export async function joinUrl(
  jitsi: Config['jitsi'],
  session: { meeting_kind: 'jitsi' | 'link'; room_name: string | null; meeting_url: string | null },
  learner: { id: string; username: string; email: string; role: 'learner' | 'admin' },
  now: Date,
): Promise<string> {
  if (session.meeting_kind === 'link') return session.meeting_url ?? '';
  const room = session.room_name ?? '';
  const url = jitsiRoomUrl(jitsi, room);
  if (!jitsi.appId || !jitsi.appSecret) return url;
  const issuedAt = Math.floor(now.getTime() / 1000);
  const token = await new SignJWT({
    room,
    context: {
      user: { id: learner.id, name: learner.username, email: learner.email, moderator: learner.role === 'admin' },
    },
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(jitsi.appId)
    .setAudience('jitsi')
    .setSubject(new URL(jitsi.url).hostname)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(issuedAt + JITSI_TOKEN_SECONDS)
    .sign(new TextEncoder().encode(jitsi.appSecret));
  return `${url}?jwt=${token}`;
}
