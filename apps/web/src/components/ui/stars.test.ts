import { describe, expect, it } from 'vitest';
import { starParts } from './stars';

describe('starParts', () => {
  it.each([
    [4.5, { full: 4, half: true, empty: 0 }],
    [4.49, { full: 4, half: false, empty: 1 }],
    [4.8, { full: 4, half: true, empty: 0 }],
    [3, { full: 3, half: false, empty: 2 }],
    [0, { full: 0, half: false, empty: 5 }],
    [5, { full: 5, half: false, empty: 0 }],
    [7, { full: 5, half: false, empty: 0 }],
    [Number.NaN, { full: 0, half: false, empty: 5 }],
  ])('rounds %s down with a half star at .5', (rating, parts) => {
    expect(starParts(rating)).toEqual(parts);
  });
});
