import { type AdminCourseFile, messages } from '@shop/shared';
import type { DragEvent, KeyboardEvent } from 'react';
import { LessonVideo } from './lesson-video';
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
        <div className="admin-field">
          <label htmlFor={id('title')}>
            Title<span className="visually-hidden"> of{where(n, sectionIndex)}</span>
          </label>
          <input
            id={id('title')}
            value={lesson.title}
            aria-invalid={error('title') ? true : undefined}
            aria-describedby={described('title')}
            onChange={(event) => actions.change(lesson.key, { title: event.target.value })}
          />
          {errorText('title', 'Title')}
        </div>
        <div className="admin-field">
          <label htmlFor={id('kind')}>
            Kind<span className="visually-hidden"> of{where(n, sectionIndex)}</span>
          </label>
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
        <div className="admin-field">
          <label htmlFor={id('duration')}>
            Duration<span className="visually-hidden"> of{where(n, sectionIndex)}</span>
          </label>
          <input
            id={id('duration')}
            value={lesson.duration}
            placeholder="e.g. 12 min"
            aria-invalid={error('duration') ? true : undefined}
            aria-describedby={described('duration')}
            onChange={(event) => actions.change(lesson.key, { duration: event.target.value })}
          />
          {errorText('duration', 'Duration')}
        </div>
        <div className="admin-field">
          <label htmlFor={id('section')}>
            Section<span className="visually-hidden"> of{where(n, sectionIndex)}</span>
          </label>
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
      {lesson.kind === 'video' && (
        <div className="admin-field">
          <label htmlFor={id('videoLink')}>
            Video link<span className="visually-hidden"> of{where(n, sectionIndex)}</span>
          </label>
          <input
            id={id('videoLink')}
            value={lesson.videoLink}
            placeholder="https://www.youtube.com/watch?v=…"
            aria-invalid={error('videoLink') ? true : undefined}
            aria-describedby={described('videoLink')}
            onChange={(event) => actions.change(lesson.key, { videoLink: event.target.value })}
          />
          {errorText('videoLink', 'Video link')}
        </div>
      )}
      {lesson.kind === 'video' && <LessonVideo lessonId={lesson.id} where={where(n, sectionIndex)} />}
      <div className="admin-field">
        <label htmlFor={id('summary')}>
          {messages.structureSummaryLabel}
          <span className="visually-hidden"> of{where(n, sectionIndex)}</span>
        </label>
        <input
          id={id('summary')}
          value={lesson.summary}
          aria-invalid={error('summary') ? true : undefined}
          aria-describedby={described('summary', true)}
          onChange={(event) => actions.change(lesson.key, { summary: event.target.value })}
        />
        <p id={id('summary-hint')} className="admin-hint">
          {messages.structureSummaryHint}
        </p>
        {errorText('summary', 'Summary')}
      </div>
      <div className="admin-field">
        <label htmlFor={id('content')}>
          {messages.structureBodyLabel}
          <span className="visually-hidden"> of{where(n, sectionIndex)}</span>
        </label>
        <textarea
          id={id('content')}
          rows={3}
          value={lesson.content}
          aria-invalid={error('content') ? true : undefined}
          aria-describedby={described('content', true)}
          onChange={(event) => actions.change(lesson.key, { content: event.target.value })}
        />
        <p id={id('content-hint')} className="admin-hint">
          {messages.structureBodyHint}
        </p>
        {errorText('content', 'Text')}
      </div>
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
      {files.length > 0 && (
        <fieldset className="structure-files">
          <legend>
            Files<span className="visually-hidden"> of{where(n, sectionIndex)}</span>
          </legend>
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
        <button
          type="button"
          id={id('up')}
          className="btn btn-small btn-outline"
          disabled={first}
          onClick={() => actions.step(lesson.key, -1, 'up')}
        >
          Move up{hidden}
        </button>
        <button
          type="button"
          id={id('down')}
          className="btn btn-small btn-outline"
          disabled={last}
          onClick={() => actions.step(lesson.key, 1, 'down')}
        >
          Move down{hidden}
        </button>
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
