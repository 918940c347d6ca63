import { type CommunityReply, type CommunityThread, messages } from '@shop/shared';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'wouter';
import { FormField, FormOutcome } from '../../components/ui/form-field';
import { PageBanner } from '../../components/ui/page-banner';
import { LoadFailed } from '../../components/ui/shelf-states';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useNavigate } from '../../lib/navigation';
import { useGetThreadQuery, useMarkAnswerMutation, useReplyMutation } from './api';
import { communityLook } from './fields';
import { PostActions } from './post-actions';
import { refusalOf } from './refusal';
import { useSpaceEvents } from './use-space-events';
import './community.css';

function Byline({ post }: { post: CommunityThread | CommunityReply }) {
  return (
    <p className="community-meta">
      <span className={post.author.role === 'operator' ? 'community-operator' : undefined}>{post.author.name}</span>
      {post.author.role === 'operator' && post.author.name !== messages.communityOperator && (
        <span className="community-tag">{messages.communityTeam}</span>
      )}
      <time dateTime={post.createdAt}>
        {new Date(post.createdAt).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })}
      </time>
      {post.editedAt && <span>{messages.communityEdited}</span>}
      {post.status === 'held' && <span className="community-tag">{messages.communityHeld}</span>}
      {post.status === 'hidden' && <span className="community-tag">{messages.communityHidden}</span>}
    </p>
  );
}

/** A body as the server rendered it from Markdown: sanitised there, once, when written (decision 0040). */
function Body({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by the server (markdown-it without raw HTML, then sanitize-html)
  return <div className="community-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

function Reply({ reply, thread }: { reply: CommunityReply; thread: CommunityThread }) {
  const [mark, { isLoading }] = useMarkAnswerMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = async () => {
    setFailure(null);
    try {
      await mark({ postId: reply.id, threadId: thread.id, answer: !reply.isAnswer }).unwrap();
    } catch (error) {
      setFailure(refusalOf(error, messages.communityActionFailed).message);
    }
  };
  return (
    <li>
      <article
        className={`community-post${reply.isAnswer ? ' is-answer' : ''}`}
        aria-label={reply.isAnswer ? messages.communityAnswer : undefined}
      >
        {reply.isAnswer && <p className="community-tag is-answered">{messages.communityAnswer}</p>}
        <Byline post={reply} />
        <Body html={reply.bodyHtml} />
        <PostActions post={reply} threadId={thread.id}>
          {thread.mayMarkAnswer && (
            <button type="button" className="btn btn-small" disabled={isLoading} onClick={() => void toggle()}>
              {reply.isAnswer ? messages.communityUnmarkAnswer : messages.communityMarkAnswer}
            </button>
          )}
        </PostActions>
        {failure && (
          <p className="form-error" role="alert">
            {failure}
          </p>
        )}
      </article>
    </li>
  );
}

function ReplyForm({ threadId }: { threadId: string }) {
  const [send, { isLoading }] = useReplyMutation();
  const [body, setBody] = useState('');
  const [field, setField] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setField(undefined);
    setFailure(null);
    try {
      await send({ threadId, body }).unwrap();
      setBody('');
    } catch (error) {
      const refusal = refusalOf(error, messages.communityPostFailed);
      setField(refusal.fields.body);
      setFailure(refusal.message);
    }
  };
  return (
    <form className="community-form" onSubmit={onSubmit} noValidate aria-labelledby="community-reply-title">
      <h2 id="community-reply-title">{messages.communityReplyTitle}</h2>
      <FormField
        id="community-reply-body"
        label={messages.communityBodyLabel}
        hint={messages.communityBodyHint}
        error={field}
        look={communityLook}
      >
        {(describedBy, invalid) => (
          <textarea
            id="community-reply-body"
            rows={4}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <FormOutcome failure={failure} done={null} />
      <button type="submit" className="btn" disabled={isLoading}>
        {messages.communityReplySend}
      </button>
    </form>
  );
}

/** /community/threads/:id: a thread, its answer first and marked, the other replies oldest first, and the reply form (issue 36). */
export default function ThreadPage() {
  const { id = '' } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const { data: thread, error, isLoading } = useGetThreadQuery(id, { refetchOnMountOrArgChange: true });
  useDocumentMeta(thread?.title ?? messages.community);
  useSpaceEvents(thread?.spaceId);
  const spaceLink = thread ? `/community/spaces/${thread.spaceId}` : '/community';
  return (
    <>
      <PageBanner title={thread?.title ?? messages.community} />
      <section className="section">
        <div className="container community">
          <p>
            <Link to={spaceLink}>{thread ? messages.communityBackToSpace : messages.communityAllSpaces}</Link>
          </p>
          {isLoading ? (
            <p className="state-message">{messages.loading}</p>
          ) : error || !thread ? (
            <LoadFailed>{refusalOf(error, messages.communityLoadFailed).message}</LoadFailed>
          ) : (
            <>
              <article className="community-post is-thread">
                {thread.pinned && <p className="community-tag">{messages.communityPinned}</p>}
                <Byline post={thread} />
                <Body html={thread.bodyHtml} />
                <PostActions post={thread} threadId={thread.id} onDeleted={() => navigate(spaceLink)} />
              </article>
              <section aria-labelledby="community-replies-title">
                <h2 id="community-replies-title">
                  {messages.communityRepliesTitle} ({thread.replies.length})
                </h2>
                {thread.replies.length === 0 ? (
                  <p className="state-message">{messages.communityNoReplies}</p>
                ) : (
                  <ol className="community-replies">
                    {thread.replies.map((reply) => (
                      <Reply key={reply.id} reply={reply} thread={thread} />
                    ))}
                  </ol>
                )}
              </section>
              <ReplyForm threadId={thread.id} />
            </>
          )}
        </div>
      </section>
    </>
  );
}
