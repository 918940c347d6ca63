import { messages } from '@shop/shared';
import { type FormEvent, useState } from 'react';
import { FormField, FormOutcome } from '../../components/ui/form-field';
import { useStartThreadMutation } from './api';
import { communityLook } from './fields';
import { refusalOf } from './refusal';

type Kind = 'discussion' | 'question';

/** A space's form to start a discussion or ask a question; the server checks it and names what is wrong. */
export function NewThreadForm({ spaceId, onStarted }: { spaceId: string; onStarted: (threadId: string) => void }) {
  const [start, { isLoading }] = useStartThreadMutation();
  const [kind, setKind] = useState<Kind>('question');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setFailure(null);
    try {
      const { thread } = await start({ spaceId, body: { title, body, kind } }).unwrap();
      setTitle('');
      setBody('');
      onStarted(thread.id);
    } catch (error) {
      const refusal = refusalOf(error, messages.communityPostFailed);
      setFields(refusal.fields);
      setFailure(refusal.message);
    }
  };
  return (
    <form className="community-form" onSubmit={onSubmit} noValidate aria-labelledby="community-new-title">
      <h2 id="community-new-title">{messages.communityStartTitle}</h2>
      <fieldset className="community-kinds">
        <legend>{messages.communityKind}</legend>
        {(
          [
            ['question', messages.communityKindQuestion],
            ['discussion', messages.communityKindDiscussion],
          ] as const
        ).map(([value, label]) => (
          <label key={value}>
            <input
              type="radio"
              name="community-kind"
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      <FormField
        id="community-thread-title"
        label={messages.communityTitleLabel}
        error={fields.title}
        look={communityLook}
      >
        {(describedBy, invalid) => (
          <input
            id="community-thread-title"
            type="text"
            value={title}
            maxLength={150}
            onChange={(event) => setTitle(event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <FormField
        id="community-thread-body"
        label={messages.communityBodyLabel}
        hint={messages.communityBodyHint}
        error={fields.body}
        look={communityLook}
      >
        {(describedBy, invalid) => (
          <textarea
            id="community-thread-body"
            rows={5}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </FormField>
      <FormOutcome failure={failure} done={null} />
      <button type="submit" className="btn" disabled={isLoading}>
        {messages.communityPost}
      </button>
    </form>
  );
}
