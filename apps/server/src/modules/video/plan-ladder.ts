/**
 * The HLS ladder for one source: the standard rungs (1080p, 720p, 480p, 240p) at or below the source's
 * size, never upscaled, each keeping the source's aspect ratio with even dimensions (H.264's 4:2:0 needs
 * them). A rung's name is its short side, so a portrait phone video gets the same ladder as a landscape one.
 * A source smaller than the lowest rung gets one rung at its own size.
 */

export interface Rung {
  name: string;
  width: number;
  height: number;
  /** Video bitrate in kbit/s (the encoder's target; the peak is capped a little above it). */
  videoKbps: number;
  /** Audio bitrate in kbit/s; null when the source has no sound. */
  audioKbps: number | null;
}

export interface SourceSize {
  width: number;
  height: number;
  hasAudio: boolean;
}

// Bitrates for 16:9 H.264 at these sizes, as commonly published for VOD ladders (Apple's HLS authoring
// specification lists 1080p at 4.5-7.8 Mbit/s, 720p at 3 Mbit/s, 432p at 1.1 Mbit/s, 234p at 145 kbit/s).
const RUNGS = [
  { short: 1080, videoKbps: 5000, audioKbps: 128 },
  { short: 720, videoKbps: 2800, audioKbps: 128 },
  { short: 480, videoKbps: 1400, audioKbps: 96 },
  { short: 240, videoKbps: 400, audioKbps: 64 },
] as const;

const even = (value: number) => Math.max(2, Math.round(value / 2) * 2);

export function planLadder(source: SourceSize): Rung[] {
  if (!(source.width > 0 && source.height > 0)) throw new RangeError('a video needs a width and a height');
  const sourceShort = Math.min(source.width, source.height);
  const landscape = source.width >= source.height;
  const fitting = RUNGS.filter((rung) => rung.short <= sourceShort);
  const lowest = RUNGS[RUNGS.length - 1]!;
  const chosen = fitting.length > 0 ? fitting : [{ ...lowest, short: sourceShort }];
  return chosen.map((rung) => {
    const short = even(rung.short);
    const long = even((rung.short * Math.max(source.width, source.height)) / sourceShort);
    return {
      name: `${short}p`,
      width: landscape ? long : short,
      height: landscape ? short : long,
      videoKbps: rung.videoKbps,
      audioKbps: source.hasAudio ? rung.audioKbps : null,
    };
  });
}
