import { formatNoteTime, type LearnLesson, type LearnSection, type LessonNote, messages } from '@shop/shared';
import { type RefObject, useRef, useState } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '../../lib/api';
import type { LessonVideoControl } from './lesson-video-control';
import { NoteItem, NoteTime } from './note-item';
import { NoteTextForm } from './note-text-form';
import {
  notesExportUrl,
  useCreateNoteMutation,
  useDeleteNoteMutation,
  useGetCourseNotesQuery,
  useUpdateNoteMutation,
} from './notes-api';
import './notes.css';

interface NotesPanelProps {
  courseId: string;
  lesson: LearnLesson;
  sections: LearnSection[];
  video: RefObject<LessonVideoControl | null>;
}

/**
 * The learner's private notes, beside the open lesson: a note written while the video plays keeps
 * its second and plays from there again; below, every note of the course by lesson, and the Markdown
 * download. Its own lazy chunk: the lesson shows first.
 */
export default function NotesPanel({ courseId, lesson, sections, video }: NotesPanelProps) {
  const { data, error, isError } = useGetCourseNotesQuery(courseId);
  const [createNote] = useCreateNoteMutation();
  const [updateNote] = useUpdateNoteMutation();
  const [deleteNote] = useDeleteNoteMutation();
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const notes = data?.notes ?? [];
  const here = notes.filter((note) => note.lessonId === lesson.id);
  const seek = (seconds: number) => video.current?.seek(seconds);

  const add = async (text: string) => {
    const positionSeconds = video.current?.position() ?? null;
    const answer = await createNote({ courseId, lessonId: lesson.id, input: { text, positionSeconds } }).unwrap();
    setAnnouncement(answer.message);
    return true;
  };
  const save = (note: LessonNote) => async (text: string) => {
    const answer = await updateNote({ courseId, noteId: note.id, input: { text } }).unwrap();
    setAnnouncement(answer.message);
    return true;
  };
  const remove = (note: LessonNote) => async () => {
    try {
      setAnnouncement((await deleteNote({ courseId, noteId: note.id }).unwrap()).message);
    } catch (failure) {
      setAnnouncement(errorMessage(failure, messages.noteSaveFailed));
    }
    heading.current?.focus();
  };

  return (
    <section className="notes" aria-labelledby="notes-title">
      <h2 id="notes-title" ref={heading} tabIndex={-1}>
        {messages.notesTitle}
      </h2>
      <p className="notes-hint">{messages.notesPrivate}</p>
      <NoteTextForm label={messages.noteTextLabel} submitLabel={messages.noteSave} onSave={add} />
      {isError && (
        <p className="notes-error" role="alert">
          {errorMessage(error, messages.notesLoadFailed)}
        </p>
      )}
      {data &&
        (here.length > 0 ? (
          <ul className="notes-list">
            {here.map((note) => (
              <NoteItem key={note.id} note={note} onSeek={seek} onSave={save(note)} onDelete={remove(note)} />
            ))}
          </ul>
        ) : (
          <p className="notes-empty">{messages.notesNoneHere}</p>
        ))}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <details className="notes-all">
        <summary>
          {messages.notesAllTitle} ({notes.length})
        </summary>
        <CourseNotes courseId={courseId} currentId={lesson.id} sections={sections} notes={notes} onSeek={seek} />
      </details>
      <a className="btn btn-outline btn-small notes-download" href={notesExportUrl(courseId)} download>
        {messages.notesDownload}
      </a>
    </section>
  );
}

interface CourseNotesProps {
  courseId: string;
  currentId: string;
  sections: LearnSection[];
  notes: LessonNote[];
  onSeek: (seconds: number) => void;
}

/** Every note of the course under its lesson's title; a time in another lesson opens that lesson there. */
function CourseNotes({ courseId, currentId, sections, notes, onSeek }: CourseNotesProps) {
  if (notes.length === 0) return <p className="notes-empty">{messages.notesNoneInCourse}</p>;
  const lessons = sections.flatMap((section) => section.lessons);
  return (
    <div className="notes-all-list">
      {lessons.map((lesson) => {
        const ofLesson = notes.filter((note) => note.lessonId === lesson.id);
        if (ofLesson.length === 0) return null;
        const path = `/learn/${courseId}/${lesson.id}`;
        return (
          <div key={lesson.id}>
            <h3>
              <Link to={path}>{lesson.title}</Link>
            </h3>
            <ul className="notes-list">
              {ofLesson.map((note) => (
                <li key={note.id} className="note">
                  {note.positionSeconds !== null &&
                    (lesson.id === currentId ? (
                      <NoteTime seconds={note.positionSeconds} onSeek={onSeek} />
                    ) : (
                      <Link
                        className="note-time"
                        to={`${path}?t=${note.positionSeconds}`}
                        aria-label={messages.noteJumpTo.replace('{time}', formatNoteTime(note.positionSeconds))}
                      >
                        [{formatNoteTime(note.positionSeconds)}]
                      </Link>
                    ))}
                  <p className="note-text">{note.text}</p>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
