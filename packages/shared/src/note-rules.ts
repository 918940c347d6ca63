// The notes' text limit and time stamps, in a file without zod: the player's notes panel uses them and
// should not load the schemas (and zod, about 40 KB compressed) to do so.

/** A note's longest text, after trimming. */
export const NOTE_TEXT_MAX = 2000;

/** A note's time stamp as shown and exported: `mm:ss`, or `h:mm:ss` from the first hour on. */
export function formatNoteTime(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}
