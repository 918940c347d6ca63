import { COMMUNITY_EDIT_MINUTES } from '@shop/shared';
import { expect, test } from 'vitest';
import { EDIT_MINUTES, mayEdit } from './edit-window';

test("the web's edit window is the contract's", () => {
  expect(EDIT_MINUTES).toBe(COMMUNITY_EDIT_MINUTES);
});

test('Edit is offered to the author only, until 15 minutes after posting', () => {
  const posted = '2026-12-01T10:00:00.000Z';
  const at = (minutes: number) => Date.parse(posted) + minutes * 60_000;
  expect(mayEdit({ mine: true, createdAt: posted }, at(14.9))).toBe(true);
  expect(mayEdit({ mine: true, createdAt: posted }, at(15))).toBe(false);
  expect(mayEdit({ mine: false, createdAt: posted }, at(1))).toBe(false);
});
