import { useEffect, useState } from 'react';

/** How often the watermark jumps to a new place. */
const MOVE_EVERY_MS = 4000;

/**
 * A place anywhere in the picture, the whole mark inside it: at x % across, the mark is moved back by x %
 * of its own width (and likewise down), so its left edge ranges from the picture's left edge to where
 * its right edge meets the picture's. A place given by `left` alone let a long e-mail run past the right
 * edge, where the frame cut it off (a browser test saw it end 70 px outside).
 */
function randomPlace() {
  const [x, y] = [Math.round(Math.random() * 100), Math.round(Math.random() * 100)];
  return { left: `${x}%`, top: `${y}%`, transform: `translate(-${x}%, -${y}%)` };
}

/**
 * The learner's e-mail and the date over the picture, at a random place that changes every few
 * seconds, so a screen recording shows whose it was. It lies inside the element that goes fullscreen,
 * takes no clicks, and has no setting that turns it off.
 */
export function VideoWatermark({ text }: { text: string }) {
  const [place, setPlace] = useState(randomPlace);
  useEffect(() => {
    const timer = window.setInterval(() => setPlace(randomPlace()), MOVE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, []);
  if (!text) return null;
  return (
    <div className="video-watermark" style={place} aria-hidden="true" data-testid="video-watermark">
      {text}
    </div>
  );
}
