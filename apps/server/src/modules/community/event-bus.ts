/**
 * The community's event bus (issue 36): a space's new threads and replies, told to whoever holds its
 * event stream open. A port of two calls, so that a scaled-out shop on PostgreSQL can carry the same
 * events between processes (LISTEN/NOTIFY) behind the same face; one process needs only the in-process bus.
 * An event names what changed, never a body: each listener reads the post itself with its own access.
 */
export interface CommunityEvent {
  type: 'thread' | 'reply';
  spaceId: string;
  threadId: string;
  postId: string;
}

export interface CommunityBus {
  publish(event: CommunityEvent): void;
  /** Calls `listener` with each event of the space until the returned function is called. */
  subscribe(spaceId: string, listener: (event: CommunityEvent) => void): () => void;
}

export function inProcessBus(): CommunityBus {
  const listeners = new Map<string, Set<(event: CommunityEvent) => void>>();
  return {
    publish(event) {
      for (const listener of listeners.get(event.spaceId) ?? []) listener(event);
    },
    subscribe(spaceId, listener) {
      const set = listeners.get(spaceId) ?? new Set();
      set.add(listener);
      listeners.set(spaceId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(spaceId);
      };
    },
  };
}

/** The process's bus (one per process; a test's apps in one process share it, as their databases differ by space id). */
export const communityBus: CommunityBus = inProcessBus();
