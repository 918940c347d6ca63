import { type AdminCourseStructure, messages } from '@shop/shared';
import { type DragEvent, type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { useListCourseFilesQuery } from './api';
import { fieldMessagesOf } from './field-messages';
import { ReleaseFields } from './release-fields';
import { useGetCourseStructureQuery, useSaveCourseStructureMutation } from './structure-api';
import {
  type DraftSection,
  emptyLesson,
  emptySection,
  fieldErrors,
  locate,
  moveLesson,
  moveSection,
  type Place,
  stepPlace,
  toDraft,
  toInput,
  updateLesson,
} from './structure-draft';
import { type LessonActions, StructureLesson } from './structure-lesson';
import './structure-editor.css';

const nameOf = (title: string, fallback: string) => (title.trim() ? `“${title.trim()}”` : fallback);

/**
 * The course's sections and lessons, edited as a whole and saved at once (one PUT). Lessons move by
 * Move up / Move down, by arrow keys on their Move handle, by the Section select, or by dragging
 * the handle; every move is announced in a live region and keeps focus on the control used.
 */
export function StructureEditor({ courseId }: { courseId: string }) {
  const { data, isError } = useGetCourseStructureQuery(courseId);
  const { data: files = [] } = useListCourseFilesQuery(courseId);
  const [save, { isLoading }] = useSaveCourseStructureMutation();
  const [draft, setDraft] = useState<DraftSection[]>([]);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [announcement, setAnnouncement] = useState('');
  const focusNext = useRef<string | null>(null);
  const dragged = useRef<string | null>(null);
  const loaded = useRef<AdminCourseStructure | null>(null);

  // A refetch (after a file upload, say) replaces the draft only while nothing is being edited.
  useEffect(() => {
    if (data && data !== loaded.current && !dirty) {
      loaded.current = data;
      setDraft(toDraft(data));
    }
  }, [data, dirty]);

  // Before the browser paints the moved lesson: the focus never falls to the page in between, and the
  // move's announcement and the focus arrive together.
  useLayoutEffect(() => {
    if (!focusNext.current) return;
    const target = document.getElementById(focusNext.current) as HTMLButtonElement | HTMLSelectElement | null;
    focusNext.current = null;
    if (target && !target.disabled) target.focus();
    // At the first or last place its own button is disabled: the other one keeps the focus nearby.
    else if (target)
      document.getElementById(target.id.replace(/-(up|down)$/, (end) => (end === '-up' ? '-down' : '-up')))?.focus();
  });

  if (isError) return <p className="state-message">{messages.structureLoadFailed}</p>;
  if (!data) return <p className="state-message">{messages.loading}</p>;

  const edit = (next: DraftSection[]) => {
    setDraft(next);
    setDirty(true);
  };
  const announceAt = (next: DraftSection[], key: string) => {
    const at = locate(next, key);
    const section = at && next[at.section];
    const lesson = at && section?.lessons[at.index];
    if (!at || !section || !lesson) return;
    setAnnouncement(
      `${nameOf(lesson.title, 'The new lesson')} is now lesson ${at.index + 1} of ${section.lessons.length} in section ${
        at.section + 1
      }, ${nameOf(section.title, 'the new section')}.`,
    );
  };
  const placeLesson = (key: string, to: Place, control?: string) => {
    const next = moveLesson(draft, key, to);
    edit(next);
    announceAt(next, key);
    if (control) focusNext.current = `lesson-${key}-${control}`;
  };

  const actions: LessonActions = {
    change: (key, change) => edit(updateLesson(draft, key, change)),
    step: (key, delta, control) => {
      const to = stepPlace(draft, key, delta);
      if (to) placeLesson(key, to, control);
    },
    toSection: (key, section) => placeLesson(key, { section, index: draft[section]?.lessons.length ?? 0 }, 'section'),
    remove: (key) => {
      const at = locate(draft, key);
      const lesson = at && draft[at.section]?.lessons[at.index];
      edit(draft.map((s) => ({ ...s, lessons: s.lessons.filter((l) => l.key !== key) })));
      if (lesson) setAnnouncement(`${nameOf(lesson.title, 'The new lesson')} is deleted. Save to keep the change.`);
    },
    dragStart: (key, event) => {
      dragged.current = key;
      event.dataTransfer.effectAllowed = 'move';
      event.dataTransfer.setData('text/plain', key);
    },
    dropBefore: (key, event) => {
      event.preventDefault();
      event.stopPropagation();
      const moving = dragged.current;
      dragged.current = null;
      if (!moving || moving === key) return;
      const without = draft.map((s) => ({ ...s, lessons: s.lessons.filter((l) => l.key !== moving) }));
      const target = locate(without, key);
      if (target) placeLesson(moving, target, 'handle');
    },
  };
  const dropAtEnd = (section: number, event: DragEvent) => {
    event.preventDefault();
    const moving = dragged.current;
    dragged.current = null;
    if (moving) placeLesson(moving, { section, index: Number.MAX_SAFE_INTEGER }, 'handle');
  };
  const shiftSection = (index: number, delta: -1 | 1, control: 'up' | 'down') => {
    const next = moveSection(draft, index, delta);
    const section = next[index + delta];
    edit(next);
    if (section) {
      setAnnouncement(
        `${nameOf(section.title, 'The new section')} is now section ${index + delta + 1} of ${next.length}.`,
      );
      focusNext.current = `section-${section.key}-${control}`;
    }
  };
  const addLesson = (section: number) => {
    const lesson = emptyLesson();
    edit(draft.map((s, i) => (i === section ? { ...s, lessons: [...s.lessons, lesson] } : s)));
    focusNext.current = `lesson-${lesson.key}-title`;
  };
  const addSection = () => {
    const section = emptySection();
    edit([...draft, section]);
    focusNext.current = `section-${section.key}-title`;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = draft;
    try {
      const saved = await save({ courseId, input: toInput(sent) }).unwrap();
      loaded.current = saved;
      setDraft(toDraft(saved));
      setDirty(false);
      setErrors({});
      toast.success(messages.structureSaved);
    } catch (error) {
      const fields = fieldMessagesOf(error);
      setErrors(fields ? fieldErrors(sent, fields) : {});
      toast.error(fields ? messages.structureFixFields : errorMessage(error, messages.structureSaveFailed));
    }
  };

  return (
    <section className="admin-panel structure-editor" aria-labelledby="structure-title">
      <h2 id="structure-title">Sections and lessons</h2>
      <p className="admin-hint">
        The course page’s curriculum and the learners’ player follow this outline. Moved and renamed lessons keep their
        learners’ progress. Changes are kept when you press Save sections and lessons.
      </p>
      <p id="structure-handle-hint" className="visually-hidden">
        Press the up or down arrow key to move the lesson, or drag it with the mouse.
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <form onSubmit={submit} noValidate>
        {draft.length === 0 && <p>No sections yet.</p>}
        {draft.map((section, s) => {
          const sectionHasProgress = section.lessons.some((lesson) => lesson.hasProgress);
          const titleError = errors[`${section.key}.title`];
          const base = `section-${section.key}`;
          return (
            <fieldset key={section.key} className="admin-fieldset structure-section">
              <legend>
                Section {s + 1}
                {section.title.trim() ? `: ${section.title.trim()}` : ''}
              </legend>
              <div className="admin-field">
                <label htmlFor={`${base}-title`}>Section {s + 1} title</label>
                <input
                  id={`${base}-title`}
                  value={section.title}
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={titleError ? `${base}-title-error` : undefined}
                  onChange={(event) =>
                    edit(draft.map((other, i) => (i === s ? { ...other, title: event.target.value } : other)))
                  }
                />
                {titleError && (
                  <p id={`${base}-title-error`} className="admin-error">
                    Section {s + 1} title {titleError}
                  </p>
                )}
              </div>
              <ReleaseFields
                base={base}
                whose={` section ${s + 1}`}
                rule={section.release}
                error={errors[`${section.key}.release`]}
                onChange={(release) => edit(draft.map((other, i) => (i === s ? { ...other, release } : other)))}
              />
              <div className="admin-actions">
                <button
                  type="button"
                  id={`${base}-up`}
                  className="btn btn-small btn-outline"
                  disabled={s === 0}
                  onClick={() => shiftSection(s, -1, 'up')}
                >
                  Move up <span className="visually-hidden">section {s + 1}</span>
                </button>
                <button
                  type="button"
                  id={`${base}-down`}
                  className="btn btn-small btn-outline"
                  disabled={s === draft.length - 1}
                  onClick={() => shiftSection(s, 1, 'down')}
                >
                  Move down <span className="visually-hidden">section {s + 1}</span>
                </button>
                <button
                  type="button"
                  className="btn btn-small btn-outline"
                  disabled={sectionHasProgress}
                  onClick={() => {
                    edit(draft.filter((_, i) => i !== s));
                    setAnnouncement(`Section ${s + 1} and its lessons are deleted. Save to keep the change.`);
                  }}
                >
                  Delete <span className="visually-hidden">section {s + 1} and its lessons</span>
                </button>
              </div>
              {sectionHasProgress && (
                <p className="admin-hint">Learners have begun lessons here: move them out before deleting it.</p>
              )}
              <ol
                className="structure-lessons"
                aria-label={`Lessons of section ${s + 1}`}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => dropAtEnd(s, event)}
              >
                {section.lessons.map((lesson, l) => (
                  <StructureLesson
                    key={lesson.key}
                    lesson={lesson}
                    n={l + 1}
                    sectionIndex={s}
                    sections={draft}
                    files={files}
                    first={s === 0 && l === 0}
                    last={s === draft.length - 1 && l === section.lessons.length - 1}
                    errors={errors}
                    actions={actions}
                  />
                ))}
              </ol>
              <button type="button" className="btn btn-small btn-outline" onClick={() => addLesson(s)}>
                Add a lesson <span className="visually-hidden">to section {s + 1}</span>
              </button>
            </fieldset>
          );
        })}
        {errors.form && <p className="admin-error">{errors.form}</p>}
        <div className="admin-actions structure-footer">
          <button type="button" className="btn btn-outline" onClick={addSection}>
            Add a section
          </button>
          <button type="submit" className="btn" disabled={isLoading}>
            {isLoading ? 'Saving…' : 'Save sections and lessons'}
          </button>
        </div>
      </form>
    </section>
  );
}
