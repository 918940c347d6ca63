/**
 * How long a lesson's video is, as far as the shop knows it: our own video's probed duration, else the
 * duration typed in the console ("18 min", "1 h 5 min", "12:30", "1:02:03", "45 s"), read leniently.
 * A typed duration is a label, often rounded to its smallest unit, so that unit is taken off: "18 min"
 * counts as 17 minutes, "12:30" as 12:29. Null when neither is known (a link with an empty or unreadable
 * duration): see mayCompleteLesson for what that means.
 */
export function lessonDurationSeconds(typed: string, ownVideoSeconds: number | null): number | null {
  if (ownVideoSeconds !== null && ownVideoSeconds > 0) return ownVideoSeconds;
  const label = typed.trim().toLowerCase();
  const clock = /^(\d{1,3}):(\d{1,2})(?::(\d{1,2}))?$/.exec(label);
  if (clock) {
    const [h, m, s] = clock[3] === undefined ? [0, clock[1], clock[2]] : [clock[1], clock[2], clock[3]];
    return positive(Number(h) * 3600 + Number(m) * 60 + Number(s) - 1);
  }
  const part = /(\d+(?:\.\d+)?)\s*(hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)\b/g;
  const parts = [...label.matchAll(part)];
  // Anything else in the label ("about 10 min", "10-12 min") makes it unreadable rather than guessed.
  if (parts.length === 0 || label.replace(part, '').replace(/\band\b|[\s,]/g, '') !== '') return null;
  let seconds = 0;
  let unit = Number.POSITIVE_INFINITY;
  for (const [, amount, name = ''] of parts) {
    const size = name.startsWith('h') ? 3600 : name.startsWith('m') ? 60 : 1;
    seconds += Number(amount) * size;
    unit = Math.min(unit, size);
  }
  return positive(seconds - unit);
}

function positive(seconds: number): number | null {
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : null;
}
