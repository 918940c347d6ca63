import { describe, expect, it } from 'vitest';
import {
  type DraftSection,
  emptyLesson,
  fieldErrors,
  moveLesson,
  stepPlace,
  toDraft,
  toInput,
} from './structure-draft';

/** What the API takes for a text lesson with no details. */
const sentLesson = {
  title: '',
  kind: 'text' as const,
  duration: '',
  summary: '',
  content: '',
  videoLink: '',
  preview: false,
  fileIds: [],
  release: { kind: 'immediate' as const, days: 0, date: null },
};
const immediate = { kind: 'immediate' as const, days: 0, date: null };
const lesson = (id: string) => ({ ...sentLesson, id, title: id, hasProgress: false, release: immediate });
const outline = (): DraftSection[] =>
  toDraft({
    sections: [
      { id: 's1', title: 'One', release: immediate, lessons: [lesson('a'), lesson('b')] },
      { id: 's2', title: 'Two', release: immediate, lessons: [] },
      { id: 's3', title: 'Three', release: immediate, lessons: [lesson('c')] },
    ],
  });
const titles = (draft: DraftSection[]) => draft.map((section) => section.lessons.map((l) => l.title));

describe('moving lessons in the section editor', () => {
  it('steps within a section, then over its edge into the next or previous one, and stops at the ends', () => {
    const draft = outline();
    expect(stepPlace(draft, 'a', 1)).toEqual({ section: 0, index: 1 });
    expect(stepPlace(draft, 'b', 1)).toEqual({ section: 1, index: 0 });
    expect(stepPlace(draft, 'c', -1)).toEqual({ section: 1, index: 0 });
    expect(stepPlace(draft, 'a', -1)).toBeNull();
    expect(stepPlace(draft, 'c', 1)).toBeNull();
  });

  it('moves a lesson to a place in the list without it, leaving the others in order', () => {
    const draft = outline();
    expect(titles(moveLesson(draft, 'a', { section: 0, index: 1 }))).toEqual([['b', 'a'], [], ['c']]);
    expect(titles(moveLesson(draft, 'c', { section: 0, index: 0 }))).toEqual([['c', 'a', 'b'], [], []]);
    expect(titles(moveLesson(draft, 'a', { section: 1, index: 99 }))).toEqual([['b'], ['a'], ['c']]);
    expect(titles(draft)).toEqual([['a', 'b'], [], ['c']]);
  });

  it('sends a video link and the preview flag only for video lessons, and no id for new ones', () => {
    const draft = outline();
    const added = { ...emptyLesson(), title: 'New', videoLink: 'https://youtu.be/aqz-KE-bpKQ', preview: true };
    draft[1]?.lessons.push(added);
    const input = toInput(draft);
    expect(input.sections[1]?.lessons[0]).toEqual({ ...sentLesson, title: 'New' });
    expect(input.sections[0]).toMatchObject({ id: 's1', lessons: [{ id: 'a' }, { id: 'b' }] });
  });

  it('puts the API’s field messages on the lesson or section that was sent at that place', () => {
    const draft = outline();
    expect(
      fieldErrors(draft, {
        'sections.0.lessons.1.videoLink': 'is required for a video lesson',
        'sections.2.title': 'is required',
        sections: 'must have at most 100 sections',
      }),
    ).toEqual({
      'b.videoLink': 'is required for a video lesson',
      's3.title': 'is required',
      form: 'sections must have at most 100 sections',
    });
  });
});
