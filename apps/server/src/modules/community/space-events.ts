import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../auth/session.js';
import type { Db } from '../../db/database.js';
import type { CommunityBus, CommunityEvent } from './event-bus.js';
import { requireSpaceMember } from './space-access.js';

/** A comment line every 25 seconds keeps proxies from closing an idle stream. */
const HEARTBEAT_MS = 25_000;

/** The streams the app holds open, ended when it closes. */
export function openStreams() {
  const ends = new Set<() => void>();
  return {
    add: (end: () => void) => ends.add(end),
    remove: (end: () => void) => ends.delete(end),
    closeAll: () => {
      for (const end of [...ends]) end();
    },
  };
}
type Streams = ReturnType<typeof openStreams>;

/**
 * `GET /api/spaces/{id}/events`: Server-Sent Events of the space's new threads and replies (only ones
 * shown to members; a held post is told when the operator approves it). The membership is checked when
 * the stream opens (401, 403, 404 as JSON) and again before each event, so a member whose access ended
 * gets no more and the stream closes. An event names the thread and the post; the page reads them.
 */
export async function streamSpaceEvents(
  db: Db,
  bus: Pick<CommunityBus, 'subscribe'>,
  streams: Streams,
  user: SessionUser,
  spaceId: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const { space } = await requireSpaceMember(db, user, spaceId, new Date());
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 3000\n\n');
  let queue = Promise.resolve();
  const send = (event: CommunityEvent) => {
    queue = queue.then(async () => {
      try {
        await requireSpaceMember(db, user, space.id, new Date());
      } catch {
        end();
        return;
      }
      raw.write(
        `event: ${event.type}\ndata: ${JSON.stringify({ threadId: event.threadId, postId: event.postId })}\n\n`,
      );
    });
  };
  const unsubscribe = bus.subscribe(space.id, send);
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  let ended = false;
  function end() {
    if (ended) return;
    ended = true;
    unsubscribe();
    clearInterval(heartbeat);
    streams.remove(end);
    raw.end();
  }
  streams.add(end);
  request.raw.on('close', end);
}
