import { type CommunityThreadSummary, messages } from '@shop/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useParams } from 'wouter';
import { PageBanner } from '../../components/ui/page-banner';
import { LoadFailed } from '../../components/ui/shelf-states';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useNavigate } from '../../lib/navigation';
import { type ThreadsArgs, useGetSpaceThreadsQuery } from './api';
import { NewThreadForm } from './new-thread-form';
import { refusalOf } from './refusal';
import { useSpaceEvents } from './use-space-events';
import './community.css';

function ThreadRow({ thread }: { thread: CommunityThreadSummary }) {
  const kind =
    thread.kind === 'question'
      ? messages.communityQuestion
      : thread.kind === 'announcement'
        ? messages.communityAnnouncement
        : null;
  return (
    <li className={`community-thread${thread.pinned ? ' is-pinned' : ''}`}>
      <Link to={`/community/threads/${thread.id}`} className="community-thread-link">
        {thread.title}
      </Link>
      <p className="community-meta">
        {thread.pinned && <span className="community-tag">{messages.communityPinned}</span>}
        {kind && <span className="community-tag">{kind}</span>}
        {thread.answered && <span className="community-tag is-answered">{messages.communityAnswered}</span>}
        {thread.status === 'held' && <span className="community-tag">{messages.communityHeld}</span>}
        <span>{thread.author.name}</span>
        <span>{new Date(thread.createdAt).toLocaleDateString('en-IN', { dateStyle: 'medium' })}</span>
        <span>{messages.communityRepliesCount.replace('{count}', String(thread.replies))}</span>
      </p>
    </li>
  );
}

/** One page of the list; the last page loaded offers the next. */
function ThreadsPage({
  args,
  last,
  first,
  onMore,
  onTitle,
}: {
  args: ThreadsArgs;
  last: boolean;
  first: boolean;
  onMore: (cursor: string) => void;
  onTitle: (title: string) => void;
}) {
  const { data, error, isLoading } = useGetSpaceThreadsQuery(args, { refetchOnMountOrArgChange: first });
  const spaceTitle = first ? data?.space.title : undefined;
  useEffect(() => {
    if (spaceTitle) onTitle(spaceTitle);
  }, [spaceTitle, onTitle]);
  if (isLoading) return <p className="state-message">{messages.loading}</p>;
  if (error || !data) return <LoadFailed>{refusalOf(error, messages.communityLoadFailed).message}</LoadFailed>;
  if (first && data.threads.length === 0)
    return <p className="state-message">{args.q ? messages.communityNoMatches : messages.communityNoThreads}</p>;
  return (
    <>
      <ul className="community-threads">
        {data.threads.map((thread) => (
          <ThreadRow key={thread.id} thread={thread} />
        ))}
      </ul>
      {last && data.nextCursor && (
        <button type="button" className="btn btn-outline" onClick={() => onMore(data.nextCursor ?? '')}>
          {messages.communityLoadMore}
        </button>
      )}
    </>
  );
}

/** /community/spaces/:id: a space's threads (pinned first, newest or unanswered questions, searched), and the form to start one (issue 36). */
export default function SpacePage() {
  const { id = '' } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const [title, setTitle] = useState('');
  const [filter, setFilter] = useState<'unanswered' | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  useDocumentMeta(title || messages.community);
  useSpaceEvents(id);
  const restart = () => setCursors([undefined]);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
    restart();
  };
  return (
    <>
      <PageBanner title={title || messages.community} />
      <section className="section">
        <div className="container community">
          <p>
            <Link to="/community">{messages.communityAllSpaces}</Link>
          </p>
          <div className="community-tools">
            <fieldset className="community-filter">
              <legend className="visually-hidden">{messages.communityShow}</legend>
              {(
                [
                  [undefined, messages.communityNewest],
                  ['unanswered', messages.communityUnanswered],
                ] as const
              ).map(([value, label]) => (
                <button
                  key={label}
                  type="button"
                  className={`btn btn-small${filter === value ? '' : ' btn-outline'}`}
                  aria-pressed={filter === value}
                  onClick={() => {
                    setFilter(value);
                    restart();
                  }}
                >
                  {label}
                </button>
              ))}
            </fieldset>
            <form className="community-search" onSubmit={onSearch}>
              <label htmlFor="community-search">{messages.communitySearch}</label>
              <div>
                <input
                  id="community-search"
                  type="search"
                  maxLength={100}
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                />
                <button type="submit" className="btn btn-small">
                  {messages.communitySearchButton}
                </button>
              </div>
            </form>
          </div>
          {cursors.map((cursor, index) => (
            <ThreadsPage
              key={cursor ?? 'first'}
              args={{ spaceId: id, cursor, q: q || undefined, filter }}
              first={index === 0}
              last={index === cursors.length - 1}
              onMore={(next) => setCursors((all) => [...all, next])}
              onTitle={setTitle}
            />
          ))}
          <NewThreadForm spaceId={id} onStarted={(threadId) => navigate(`/community/threads/${threadId}`)} />
        </div>
      </section>
    </>
  );
}
