import { communityPaths, pathWith } from '@shop/shared';
import { useEffect } from 'react';
import { useAppDispatch } from '../../lib/hooks';
import { communityApi } from './api';

/**
 * While a space's page or one of its threads is open: the space's event stream (Server-Sent Events). A
 * `thread` or `reply` event names the thread only, never a body, so the lists and the thread are read
 * again with the member's own access (RTK Query invalidation). The stream is closed on unmount.
 */
export function useSpaceEvents(spaceId: string | undefined): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (!spaceId || typeof EventSource === 'undefined') return;
    const source = new EventSource(pathWith(communityPaths.spaceEvents, { id: spaceId }), { withCredentials: true });
    const refetch = (event: MessageEvent<string>) => {
      let threadId: string | undefined;
      try {
        threadId = (JSON.parse(event.data) as { threadId?: string }).threadId;
      } catch {
        threadId = undefined;
      }
      dispatch(
        communityApi.util.invalidateTags([
          { type: 'CommunityThreads', id: spaceId },
          'CommunitySpaces',
          ...(threadId ? [{ type: 'CommunityThread' as const, id: threadId }] : []),
        ]),
      );
    };
    source.addEventListener('thread', refetch);
    source.addEventListener('reply', refetch);
    return () => source.close();
  }, [spaceId, dispatch]);
}
