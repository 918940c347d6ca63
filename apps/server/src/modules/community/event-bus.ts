import pg from 'pg';
import type { AppDeps } from '../../deps.js';

/**
 * The community's event bus (issue 36): a space's new threads and replies, told to whoever holds its
 * event stream open. A port of two calls: one process uses the in-process bus; a scaled-out shop on
 * PostgreSQL (SCALE_OUT) carries the same events between processes through LISTEN/NOTIFY, each process
 * hearing its own notifications too. An event names what changed, never a body: each listener reads the
 * post itself with its own access.
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
  close(): Promise<void>;
}

function listenerSets() {
  const listeners = new Map<string, Set<(event: CommunityEvent) => void>>();
  return {
    deliver(event: CommunityEvent) {
      for (const listener of listeners.get(event.spaceId) ?? []) listener(event);
    },
    subscribe(spaceId: string, listener: (event: CommunityEvent) => void) {
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

export function inProcessBus(): CommunityBus {
  const sets = listenerSets();
  return { publish: sets.deliver, subscribe: sets.subscribe, close: async () => {} };
}

const CHANNEL = 'community_events';

function parseEvent(payload: string | undefined): CommunityEvent | undefined {
  try {
    const event = JSON.parse(payload ?? '');
    if (
      (event.type === 'thread' || event.type === 'reply') &&
      typeof event.spaceId === 'string' &&
      typeof event.threadId === 'string' &&
      typeof event.postId === 'string'
    )
      return { type: event.type, spaceId: event.spaceId, threadId: event.threadId, postId: event.postId };
  } catch {}
  return undefined;
}

/**
 * LISTEN/NOTIFY on one connection of its own (a pooled connection cannot hold a LISTEN): publish is a
 * NOTIFY (the payload is four short fields, far under PostgreSQL's 8,000 bytes); each notification,
 * this process's own included, is delivered to the listeners here. A lost connection is opened again.
 */
export async function postgresBus(url: string, log: (error: unknown) => void = () => {}): Promise<CommunityBus> {
  const sets = listenerSets();
  let closed = false;
  let client: pg.Client;
  async function connect() {
    client = new pg.Client({ connectionString: url });
    client.on('notification', (message) => {
      const event = message.channel === CHANNEL ? parseEvent(message.payload) : undefined;
      if (event) sets.deliver(event);
    });
    client.on('error', (error) => {
      log(error);
      if (!closed) setTimeout(() => void connect().catch(log), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
  }
  await connect();
  return {
    publish(event) {
      client.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]).catch(log);
    },
    subscribe: sets.subscribe,
    async close() {
      closed = true;
      await client.end().catch(() => {});
    },
  };
}

const buses = new WeakMap<AppDeps, CommunityBus>();

/** The app's bus, made by the community's routes when the app starts (in-process unless scaled out on PostgreSQL). */
export async function startCommunityBus(deps: AppDeps, log: (error: unknown) => void): Promise<CommunityBus> {
  const { database, scaleOut } = deps.config;
  const bus = scaleOut && database.kind === 'postgres' ? await postgresBus(database.url, log) : inProcessBus();
  buses.set(deps, bus);
  return bus;
}

export function communityBusOf(deps: AppDeps): CommunityBus {
  const bus = buses.get(deps);
  if (!bus) throw new Error('the community bus has not started');
  return bus;
}
