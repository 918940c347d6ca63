import { type AdminCourseFile, messages } from '@shop/shared';
import type { ChangeEvent, DragEvent, KeyboardEvent } from 'react';
import { LessonVideo } from './lesson-video';
import { ReleaseFields } from './release-fields';
import type { DraftLesson, DraftSection } from './structure-draft';

export interface LessonActions {
  change: (key: string, change: Partial<DraftLesson>) => void;
  step: (key: string, delta: -1 | 1, control: string) => void;
  toSection: (key: string, section: number) => void;
  remove: (key: string) => void;
  dragStart: (key: string, event: DragEvent) => void;
  dropBefore: (key: string, event: DragEvent) => void;
}

interface Props {
  lesson: DraftLesson;
  n: number;
  sectionIndex: number;
  sections: DraftSection[];
  files: AdminCourseFile[];
  first: boolean;
  last: boolean;
  errors: Record<string, string>;
  actions: LessonActions;
}

type TextField = 'title' | 'duration' | 'videoLink' | 'summary' | 'content';

/** Names that begin with what the control shows (WCAG 2.5.3) and say which lesson they belong to. */
const where = (n: number, s: number) => ` lesson ${n} in section ${s + 1}`;

/** One lesson: its fields, its place (handle, Move up/down, Section), its files, preview and Delete. */
export function StructureLesson({ lesson, n, sectionIndex, sections, files, first, last, errors, actions }: Props) {
  const id = (part: string) => `lesson-${lesson.key}-${part}`;
  const hidden = <span className="visually-hidden">{where(n, sectionIndex)}</span>;
  const error = (field: string) => errors[`${lesson.key}.${field}`];
  const described = (field: string, hint?: boolean) =>
    [hint ? id(`${field}-hint`) : '', error(field) ? id(`${field}-error`) : ''].filter(Boolean).join(' ') || undefined;
  const errorText = (field: string, label: string) =>
    error(field) && (
      <p id={id(`${field}-error`)} className="admin-error">
        {label} {error(field)}
      </p>
    );
  const onHandleKey = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    actions.step(lesson.key, event.key === 'ArrowUp' ? -1 : 1, 'handle');
  };
  const of = <span className="visually-hidden"> of{where(n, sectionIndex)}</span>;
  /** A text field of the lesson: its label, an input (or a textarea of `rows`), its hint and its error. */
  const textField = (
    field: TextField,
    label: string,
    errorLabel: string,
    { placeholder, hint, rows }: { placeholder?: string; hint?: string; rows?: number } = {},
  ) => {
    const control = {
      id: id(field),
      value: lesson[field],
      'aria-invalid': error(field) ? true : undefined,
      'aria-describedby': described(field, Boolean(hint)),
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        actions.change(lesson.key, { [field]: event.target.value }),
    };
    return (
      <div className="admin-field">
        <label htmlFor={id(field)}>
          {label}
          {of}
        </label>
        {rows ? <textarea rows={rows} {...control} /> : <input placeholder={placeholder} {...control} />}
        {hint && (
          <p id={id(`${field}-hint`)} className="admin-hint">
            {hint}
          </p>
        )}
        {errorText(field, errorLabel)}
      </div>
    );
  };
  const move = (delta: -1 | 1, control: 'up' | 'down', disabled: boolean, label: string) => (
    <button
      type="button"
      id={id(control)}
      className="btn btn-small btn-outline"
      disabled={disabled}
      onClick={() => actions.step(lesson.key, delta, control)}
    >
      {label}
      {hidden}
    </button>
  );
  const toggleFile = (fileId: string, on: boolean) =>
    actions.change(lesson.key, {
      fileIds: on ? [...lesson.fileIds, fileId] : lesson.fileIds.filter((other) => other !== fileId),
    });

  return (
    <li
      className="structure-lesson"
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => actions.dropBefore(lesson.key, event)}
    >
      <div className="structure-lesson-head">
        <button
          type="button"
          id={id('handle')}
          className="structure-handle"
          draggable
          onDragStart={(event) => actions.dragStart(lesson.key, event)}
          onKeyDown={onHandleKey}
          aria-describedby="structure-handle-hint"
        >
          <span aria-hidden="true">⠿</span> Move{hidden}
        </button>
        <strong className="structure-lesson-name">
          {n}. {lesson.title || 'New lesson'}
        </strong>
      </div>
      <div className="structure-grid">
        {textField('title', 'Title', 'Title')}
        <div className="admin-field">
          <label htmlFor={id('kind')}>Kind{of}</label>
          <select
            id={id('kind')}
            value={lesson.kind}
            onChange={(event) => actions.change(lesson.key, { kind: event.target.value as DraftLesson['kind'] })}
          >
            <option value="video">Video</option>
            <option value="text">Text</option>
            <option value="file">File</option>
          </select>
        </div>
        {textField('duration', 'Duration', 'Duration', { placeholder: 'e.g. 12 min' })}
        <div className="admin-field">
          <label htmlFor={id('section')}>Section{of}</label>
          <select
            id={id('section')}
            value={sectionIndex}
            onChange={(event) => actions.toSection(lesson.key, Number(event.target.value))}
          >
            {sections.map((section, s) => (
              <option key={section.key} value={s}>
                {s + 1}. {section.title || 'New section'}
              </option>
            ))}
          </select>
        </div>
      </div>
      {lesson.kind === 'video' &&
        textField('videoLink', 'Video link (optional)', 'Video link', {
          placeholder: 'https://www.youtube.com/watch?v=…',
          hint: 'Upload your own video below, or give a YouTube link: either one. An uploaded video is the one learners see.',
        })}
      {lesson.kind === 'video' && <LessonVideo lessonId={lesson.id} where={where(n, sectionIndex)} />}
      {textField('summary', messages.structureSummaryLabel, 'Summary', { hint: messages.structureSummaryHint })}
      {textField('content', messages.structureBodyLabel, 'Text', { hint: messages.structureBodyHint, rows: 3 })}
      {lesson.kind === 'video' && (
        <div className="admin-check">
          <input
            id={id('preview')}
            type="checkbox"
            checked={lesson.preview}
            onChange={(event) => actions.change(lesson.key, { preview: event.target.checked })}
          />
          <label htmlFor={id('preview')}>
            Free preview<span className="visually-hidden"> for{where(n, sectionIndex)}</span>: visitors may watch it on
            the course page
          </label>
        </div>
      )}
      <ReleaseFields
        base={id('lesson')}
        whose={where(n, sectionIndex)}
        rule={lesson.release}
        error={error('release')}
        onChange={(release) => actions.change(lesson.key, { release })}
      />
      {files.length > 0 && (
        <fieldset className="structure-files">
          <legend>Files{of}</legend>
          {files.map((file) => (
            <div className="admin-check" key={file.id}>
              <input
                id={id(`file-${file.id}`)}
                type="checkbox"
                checked={lesson.fileIds.includes(file.id)}
                onChange={(event) => toggleFile(file.id, event.target.checked)}
              />
              <label htmlFor={id(`file-${file.id}`)}>{file.name}</label>
            </div>
          ))}
          {error('fileIds') && <p className="admin-error">Files {error('fileIds')}</p>}
        </fieldset>
      )}
      <div className="admin-actions">
        {move(-1, 'up', first, 'Move up')}
        {move(1, 'down', last, 'Move down')}
        <button
          type="button"
          className="btn btn-small btn-outline"
          disabled={lesson.hasProgress}
          aria-describedby={lesson.hasProgress ? id('begun') : undefined}
          onClick={() => actions.remove(lesson.key)}
        >
          Delete{hidden}
        </button>
        {lesson.hasProgress && (
          <p id={id('begun')} className="admin-hint">
            Learners have begun this lesson, so it cannot be deleted; move or rename it instead.
          </p>
        )}
      </div>
    </li>
  );
}
