import { useEffect, useState } from 'react';

/** How often the watermark jumps to a new place. */
const MOVE_EVERY_MS = 4000;

function randomPlace() {
  // Kept inside the picture: at most 70 % from the left (the text's own width) and 85 % from the top.
  return { left: `${Math.round(Math.random() * 65 + 3)}%`, top: `${Math.round(Math.random() * 80 + 4)}%` };
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
