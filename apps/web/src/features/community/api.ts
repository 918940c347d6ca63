import type {
  CommunityNewThreadRequest,
  CommunityNewThreadResponse,
  CommunityReplyResponse,
  CommunitySpace,
  CommunitySpacesResponse,
  CommunityThread,
  CommunityThreadResponse,
  CommunityThreadsResponse,
} from '@shop/shared';
import { communityPaths, pathWith } from '@shop/shared';
import { api } from '../../lib/api';

/** A space's thread lists are tagged by the space, a thread by its own id: the event stream invalidates them. */
const communityBase = api.enhanceEndpoints({ addTagTypes: ['CommunitySpaces', 'CommunityThreads', 'CommunityThread'] });

export interface ThreadsArgs {
  spaceId: string;
  cursor?: string | undefined;
  q?: string | undefined;
  filter?: 'unanswered' | undefined;
}

function threadsQuery({ spaceId, cursor, q, filter }: ThreadsArgs): string {
  const params = new URLSearchParams();
  if (cursor) params.set('cursor', cursor);
  if (q) params.set('q', q);
  if (filter) params.set('filter', filter);
  const search = params.toString();
  return `${pathWith(communityPaths.spaceThreads, { id: spaceId })}${search ? `?${search}` : ''}`;
}

/** A post's change: the thread it is in is read again. */
interface PostArgs {
  postId: string;
  threadId: string;
}

export const communityApi = communityBase.injectEndpoints({
  endpoints: (build) => ({
    getMySpaces: build.query<CommunitySpace[], void>({
      query: () => communityPaths.spaces,
      transformResponse: (response: CommunitySpacesResponse) => response.spaces,
      providesTags: ['CommunitySpaces'],
    }),
    getSpaceThreads: build.query<CommunityThreadsResponse, ThreadsArgs>({
      query: threadsQuery,
      providesTags: (_result, _error, args) => [{ type: 'CommunityThreads', id: args.spaceId }],
    }),
    startThread: build.mutation<CommunityNewThreadResponse, { spaceId: string; body: CommunityNewThreadRequest }>({
      query: ({ spaceId, body }) => ({
        url: pathWith(communityPaths.spaceThreads, { id: spaceId }),
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, error, args) => (error ? [] : [{ type: 'CommunityThreads', id: args.spaceId }]),
    }),
    getThread: build.query<CommunityThread, string>({
      query: (id) => pathWith(communityPaths.thread, { id }),
      transformResponse: (response: CommunityThreadResponse) => response.thread,
      providesTags: (_result, _error, id) => [{ type: 'CommunityThread', id }],
    }),
    reply: build.mutation<CommunityReplyResponse, { threadId: string; body: string }>({
      query: ({ threadId, body }) => ({
        url: pathWith(communityPaths.threadReplies, { id: threadId }),
        method: 'POST',
        body: { body },
      }),
      invalidatesTags: (_result, error, args) => (error ? [] : [{ type: 'CommunityThread', id: args.threadId }]),
    }),
    markAnswer: build.mutation<unknown, PostArgs & { answer: boolean }>({
      query: ({ postId, answer }) => ({
        url: pathWith(communityPaths.replyAnswer, { id: postId }),
        method: answer ? 'POST' : 'DELETE',
      }),
      invalidatesTags: (_result, _error, args) => [{ type: 'CommunityThread', id: args.threadId }],
    }),
    markHelpful: build.mutation<unknown, PostArgs & { helpful: boolean }>({
      query: ({ postId, helpful }) => ({
        url: pathWith(communityPaths.postHelpful, { id: postId }),
        method: helpful ? 'POST' : 'DELETE',
      }),
      invalidatesTags: (_result, _error, args) => [{ type: 'CommunityThread', id: args.threadId }],
    }),
    reportPost: build.mutation<unknown, { postId: string; reason: string }>({
      query: ({ postId, reason }) => ({
        url: pathWith(communityPaths.postReport, { id: postId }),
        method: 'POST',
        body: { reason },
      }),
    }),
    editPost: build.mutation<unknown, PostArgs & { body: string; title?: string | undefined }>({
      query: ({ postId, body, title }) => ({
        url: pathWith(communityPaths.post, { id: postId }),
        method: 'PATCH',
        body: title === undefined ? { body } : { title, body },
      }),
      invalidatesTags: (_result, error, args) => (error ? [] : [{ type: 'CommunityThread', id: args.threadId }]),
    }),
    deletePost: build.mutation<unknown, PostArgs>({
      query: ({ postId }) => ({ url: pathWith(communityPaths.post, { id: postId }), method: 'DELETE' }),
      invalidatesTags: (_result, _error, args) => [{ type: 'CommunityThread', id: args.threadId }],
    }),
  }),
});

export const {
  useGetMySpacesQuery,
  useGetSpaceThreadsQuery,
  useStartThreadMutation,
  useGetThreadQuery,
  useReplyMutation,
  useMarkAnswerMutation,
  useMarkHelpfulMutation,
  useReportPostMutation,
  useEditPostMutation,
  useDeletePostMutation,
} = communityApi;
