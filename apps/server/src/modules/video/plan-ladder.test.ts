import { describe, expect, it } from 'vitest';
import { planLadder } from './plan-ladder.js';

const sizes = (source: Parameters<typeof planLadder>[0]) =>
  planLadder(source).map((rung) => `${rung.name} ${rung.width}x${rung.height}`);

describe('planLadder', () => {
  it('gives a 1080p source every rung, highest first, with falling bitrates', () => {
    const ladder = planLadder({ width: 1920, height: 1080, hasAudio: true });
    expect(ladder.map((rung) => `${rung.name} ${rung.width}x${rung.height}`)).toEqual([
      '1080p 1920x1080',
      '720p 1280x720',
      '480p 854x480',
      '240p 426x240',
    ]);
    const bitrates = ladder.map((rung) => rung.videoKbps);
    expect(bitrates).toEqual([...bitrates].sort((a, b) => b - a));
    expect(new Set(bitrates).size).toBe(4);
    expect(ladder.every((rung) => rung.audioKbps !== null && rung.audioKbps > 0)).toBe(true);
  });

  it('never goes above the source: a 720p source has no 1080p rung, a 360p one only 240p', () => {
    expect(sizes({ width: 1280, height: 720, hasAudio: true })).toEqual([
      '720p 1280x720',
      '480p 854x480',
      '240p 426x240',
    ]);
    expect(sizes({ width: 640, height: 360, hasAudio: true })).toEqual(['240p 426x240']);
  });

  it('keeps a 4:3 source 4:3, with even widths', () => {
    expect(sizes({ width: 1440, height: 1080, hasAudio: false })).toEqual([
      '1080p 1440x1080',
      '720p 960x720',
      '480p 640x480',
      '240p 320x240',
    ]);
    const odd = planLadder({ width: 1000, height: 750, hasAudio: false });
    expect(odd.every((rung) => rung.width % 2 === 0 && rung.height % 2 === 0)).toBe(true);
  });

  it('names a portrait video by its short side, so a phone clip is not squeezed into a landscape ladder', () => {
    expect(sizes({ width: 1080, height: 1920, hasAudio: true })).toEqual([
      '1080p 1080x1920',
      '720p 720x1280',
      '480p 480x854',
      '240p 240x426',
    ]);
  });

  it('gives a source below 240p one rung at its own (even) size', () => {
    expect(sizes({ width: 321, height: 181, hasAudio: true })).toEqual(['182p 322x182']);
  });

  it('gives no audio bitrate to a silent source', () => {
    expect(planLadder({ width: 1280, height: 720, hasAudio: false }).map((rung) => rung.audioKbps)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('refuses a source without a size', () => {
    expect(() => planLadder({ width: 0, height: 720, hasAudio: true })).toThrow(RangeError);
  });
});
