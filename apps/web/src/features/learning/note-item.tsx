import { formatNoteTime, type LessonNote, messages } from '@shop/shared';
import { useRef, useState } from 'react';
import { NoteTextForm } from './note-text-form';

interface NoteItemProps {
  note: LessonNote;
  onSeek: (seconds: number) => void;
  onSave: (text: string) => Promise<boolean>;
  onDelete: () => void;
}

/** One note of the open lesson: its time (a button that plays the video from there), its text, edit and delete. */
export function NoteItem({ note, onSeek, onSave, onDelete }: NoteItemProps) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const textId = `note-${note.id}`;
  const stopEditing = () => {
    setEditing(false);
    // Back to where the learner was: the note's Edit button (after the form is gone).
    requestAnimationFrame(() => editButton.current?.focus());
  };
  return (
    <li className="note">
      {note.positionSeconds !== null && <NoteTime seconds={note.positionSeconds} onSeek={onSeek} />}
      {editing ? (
        <NoteTextForm
          label={messages.noteEditLabel}
          submitLabel={messages.noteSaveChanges}
          initialText={note.text}
          autoFocus
          onSave={async (text) => {
            const saved = await onSave(text);
            if (saved) stopEditing();
            return saved;
          }}
          onCancel={stopEditing}
        />
      ) : (
        <>
          <p className="note-text" id={textId}>
            {note.text}
          </p>
          <div className="note-actions">
            <button
              type="button"
              ref={editButton}
              className="note-action"
              aria-describedby={textId}
              onClick={() => setEditing(true)}
            >
              {messages.noteEdit}
            </button>
            <button type="button" className="note-action" aria-describedby={textId} onClick={onDelete}>
              {messages.noteDelete}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

/** `[mm:ss]`: plays the lesson video from the note's second. */
export function NoteTime({ seconds, onSeek }: { seconds: number; onSeek: (seconds: number) => void }) {
  const time = formatNoteTime(seconds);
  return (
    <button
      type="button"
      className="note-time"
      aria-label={messages.noteJumpTo.replace('{time}', time)}
      onClick={() => onSeek(seconds)}
    >
      [{time}]
    </button>
  );
}
