import { useEffect, useState } from 'react';

/**
 * True while the page is scrolled more than `threshold` pixels; re-renders only when that flips.
 * Reading the scroll position makes the browser lay the page out, so it is never read while the page
 * starts: the first look waits two frames (the first layout has happened by then, so it costs nothing),
 * and afterwards only scroll events read it.
 */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(update);
    });
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, [threshold]);
  return past;
}
