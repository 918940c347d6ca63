import { createListenerMiddleware, type ListenerMiddlewareInstance, type Slice } from '@reduxjs/toolkit';

const COURSE_ID = /^[a-f0-9]{24}$/;

/** A course id as the API writes it; anything else in browser storage was edited or is stale. */
export function isCourseId(id: unknown): id is string {
  return typeof id === 'string' && COURSE_ID.test(id);
}

/**
 * A list the visitor keeps in browser storage (the local cart, the wishlist) under `key`: read at start
 * keeping only well-formed items, written back after every change the slice's actions make.
 */
export function storedItems<T>(key: string, isItem: (value: unknown) => value is T) {
  return {
    /** Whatever is in browser storage, keeping only well-formed items: storage can be edited or stale. */
    load(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): { items: T[] } {
      try {
        const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
        return { items: Array.isArray(parsed) ? parsed.filter(isItem) : [] };
      } catch {
        return { items: [] };
      }
    },
    /** Every change the slice's actions make is written to browser storage. */
    saver(slice: Slice<{ items: T[] }>): ListenerMiddlewareInstance {
      const saver = createListenerMiddleware();
      saver.startListening({
        predicate: (action) => Object.values(slice.actions).some((creator) => creator.match(action)),
        effect: (_action, listenerApi) => {
          const { items } = slice.selectSlice(listenerApi.getState() as Record<string, { items: T[] }>);
          try {
            localStorage.setItem(key, JSON.stringify(items));
          } catch {
            // storage full or disabled (private mode): the list still works for this visit
          }
        },
      });
      return saver;
    },
  };
}
