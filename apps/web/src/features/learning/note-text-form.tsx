import { messages, NOTE_TEXT_MAX, type UpdateNoteInput } from '@shop/shared';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/api';

interface NoteTextFormProps {
  label: string;
  submitLabel: string;
  initialText?: string;
  autoFocus?: boolean;
  /** Saves the text; resolves to true when saved. A refusal throws the API's error. */
  onSave: (text: string) => Promise<boolean>;
  onCancel?: () => void;
}

/**
 * The server's rule for a note's text (trimmed, 1 to 2000 characters), checked here without zod: the
 * notes panel loads on the player, and the shared schemas would bring zod (about 40 KB compressed) with it.
 */
function checkNoteText(text: string): true | string {
  const trimmed = text.trim();
  if (!trimmed) return messages.noteTextEmpty;
  return trimmed.length > NOTE_TEXT_MAX ? messages.noteTextTooLong : true;
}

/** A note's text, new or edited. */
export function NoteTextForm({ label, submitLabel, initialText = '', autoFocus, onSave, onCancel }: NoteTextFormProps) {
  const id = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<UpdateNoteInput>({ defaultValues: { text: initialText } });

  useEffect(() => {
    if (autoFocus) setFocus('text');
  }, [autoFocus, setFocus]);

  const submit = handleSubmit(async (values) => {
    const text = values.text.trim();
    setFailure(null);
    try {
      if (await onSave(text)) reset({ text: onCancel ? text : '' });
    } catch (error) {
      const field = (error as { data?: { fields?: { text?: unknown } } }).data?.fields?.text;
      if (typeof field === 'string') setError('text', { message: field }, { shouldFocus: true });
      else setFailure(errorMessage(error, messages.noteSaveFailed));
    }
  });

  const errorId = `${id}-error`;
  return (
    <form
      className="note-form"
      noValidate
      onSubmit={submit}
      onKeyDown={(event) => event.key === 'Escape' && onCancel?.()}
    >
      <label htmlFor={`${id}-text`}>{label}</label>
      <textarea
        id={`${id}-text`}
        rows={3}
        maxLength={NOTE_TEXT_MAX}
        aria-invalid={errors.text ? true : undefined}
        aria-describedby={errors.text ? errorId : undefined}
        {...register('text', { validate: checkNoteText })}
      />
      {errors.text && (
        <p className="notes-error" id={errorId}>
          {errors.text.message}
        </p>
      )}
      {failure && (
        <p className="notes-error" role="alert">
          {failure}
        </p>
      )}
      <div className="note-form-actions">
        <button type="submit" className="btn btn-small" disabled={isSubmitting}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-outline btn-small" onClick={onCancel}>
            {messages.noteCancel}
          </button>
        )}
      </div>
    </form>
  );
}
