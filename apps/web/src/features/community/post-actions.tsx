import { type CommunityReply, type CommunityThread, messages } from '@shop/shared';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormField, FormOutcome } from '../../components/ui/form-field';
import { useDeletePostMutation, useEditPostMutation, useMarkHelpfulMutation, useReportPostMutation } from './api';
import { mayEdit } from './edit-window';
import { communityLook } from './fields';
import { refusalOf } from './refusal';

type Post = CommunityThread | CommunityReply;

/** The reason form of Report: the server keeps the report for the operator's queue. */
function ReportForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const [report, { isLoading }] = useReportPostMutation();
  const [reason, setReason] = useState('');
  const [field, setField] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = `community-report-${post.id}`;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setField(undefined);
    setFailure(null);
    try {
      await report({ postId: post.id, reason }).unwrap();
      setDone(messages.communityReported);
      setReason('');
    } catch (error) {
      const refusal = refusalOf(error, messages.communityActionFailed);
      setField(refusal.fields.reason);
      setFailure(refusal.message);
    }
  };
  return (
    <form className="community-form community-inline" onSubmit={onSubmit} noValidate>
      {!done && (
        <>
          <FormField id={id} label={messages.communityReportReason} error={field} look={communityLook}>
            {(describedBy, invalid) => (
              <textarea
                id={id}
                rows={2}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
              />
            )}
          </FormField>
          <div className="community-actions">
            <button type="submit" className="btn btn-small" disabled={isLoading}>
              {messages.communityReportSend}
            </button>
            <button type="button" className="btn btn-small btn-outline" onClick={onDone}>
              {messages.communityCancel}
            </button>
          </div>
        </>
      )}
      <FormOutcome failure={failure} done={done} />
    </form>
  );
}

/** The author's edit form, within the 15 minutes. */
function EditForm({ post, threadId, onDone }: { post: Post; threadId: string; onDone: () => void }) {
  const [edit, { isLoading }] = useEditPostMutation();
  const [body, setBody] = useState(post.bodySource);
  const [field, setField] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const id = `community-edit-${post.id}`;
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setField(undefined);
    setFailure(null);
    try {
      await edit({ postId: post.id, threadId, body }).unwrap();
      onDone();
    } catch (error) {
      const refusal = refusalOf(error, messages.communityActionFailed);
      setField(refusal.fields.body);
      setFailure(refusal.message);
    }
  };
  return (
    <form className="community-form community-inline" onSubmit={onSubmit} noValidate>
      <FormField id={id} label={messages.communityBodyLabel} error={field} look={communityLook}>
        {(describedBy, invalid) => (
          <textarea
            id={id}
            rows={4}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <FormOutcome failure={failure} done={null} />
      <div className="community-actions">
        <button type="submit" className="btn btn-small" disabled={isLoading}>
          {messages.communitySave}
        </button>
        <button type="button" className="btn btn-small btn-outline" onClick={onDone}>
          {messages.communityCancel}
        </button>
      </div>
    </form>
  );
}

/** Under a post: Helpful (a toggle with its count), Report, and the author's Edit and Delete. */
export function PostActions({
  post,
  threadId,
  children,
  onDeleted,
}: {
  post: Post;
  threadId: string;
  children?: ReactNode;
  onDeleted?: () => void;
}) {
  const [helpful] = useMarkHelpfulMutation();
  const [remove] = useDeletePostMutation();
  const [open, setOpen] = useState<'report' | 'edit' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const act = async (call: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await call();
    } catch (error) {
      setFailure(refusalOf(error, messages.communityActionFailed).message);
    }
  };
  return (
    <>
      <div className="community-actions">
        <button
          type="button"
          className="btn btn-small btn-outline"
          aria-pressed={post.helpfulByMe}
          onClick={() => void act(() => helpful({ postId: post.id, threadId, helpful: !post.helpfulByMe }).unwrap())}
        >
          {messages.communityHelpful} ({post.helpful})
        </button>
        {children}
        {!post.mine && (
          <button
            type="button"
            className="btn btn-small btn-outline"
            aria-expanded={open === 'report'}
            onClick={() => setOpen(open === 'report' ? null : 'report')}
          >
            {messages.communityReport}
          </button>
        )}
        {mayEdit(post) && (
          <button
            type="button"
            className="btn btn-small btn-outline"
            aria-expanded={open === 'edit'}
            onClick={() => setOpen(open === 'edit' ? null : 'edit')}
          >
            {messages.communityEdit}
          </button>
        )}
        {post.mine && (
          <button
            type="button"
            className="btn btn-small btn-outline"
            onClick={() => {
              if (!window.confirm(messages.communityDeleteConfirm)) return;
              void act(async () => {
                await remove({ postId: post.id, threadId }).unwrap();
                onDeleted?.();
              });
            }}
          >
            {messages.communityDelete}
          </button>
        )}
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {open === 'report' && <ReportForm post={post} onDone={() => setOpen(null)} />}
      {open === 'edit' && <EditForm post={post} threadId={threadId} onDone={() => setOpen(null)} />}
    </>
  );
}
