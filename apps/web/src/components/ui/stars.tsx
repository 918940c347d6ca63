import { StarHalfIcon, StarIcon } from './icons';

/** Whole stars for the integer part, a half star when the fraction is at least .5, the rest empty. */
export function starParts(rating: number): { full: number; half: boolean; empty: number } {
  const clamped = Math.min(5, Math.max(0, Number.isFinite(rating) ? rating : 0));
  const full = Math.floor(clamped);
  const half = full < 5 && clamped - full >= 0.5;
  return { full, half, empty: 5 - full - (half ? 1 : 0) };
}

export function Stars({ rating, size = 14 }: { rating: number; size?: number }) {
  const { full, half, empty } = starParts(rating);
  return (
    <span className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: full }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical decorative icons
        <StarIcon key={`f${i}`} size={size} className="star-full" />
      ))}
      {half && <StarHalfIcon size={size} className="star-full" />}
      {Array.from({ length: empty }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical decorative icons
        <StarIcon key={`e${i}`} size={size} className="star-empty" />
      ))}
    </span>
  );
}
