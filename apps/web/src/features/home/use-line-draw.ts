import { type RefObject, useCallback, useEffect, useRef } from 'react';
import { prefersReducedMotion } from '../../components/ui/use-reduced-motion';

const FRAMES = 80;

/**
 * Draws an SVG path (with pathLength="1") over 80 animation frames once it scrolls into view; the
 * returned function draws it again (the title replays it on mouse enter). Reduced motion shows it drawn.
 */
export function useLineDraw(pathRef: RefObject<SVGPathElement | null>): () => void {
  const frame = useRef(0);

  const draw = useCallback(() => {
    const path = pathRef.current;
    if (!path) return;
    cancelAnimationFrame(frame.current);
    if (prefersReducedMotion()) {
      path.style.strokeDashoffset = '0';
      return;
    }
    let drawn = 0;
    const step = () => {
      drawn += 1;
      path.style.strokeDashoffset = String(1 - drawn / FRAMES);
      if (drawn < FRAMES) frame.current = requestAnimationFrame(step);
    };
    path.style.strokeDashoffset = '1';
    frame.current = requestAnimationFrame(step);
  }, [pathRef]);

  useEffect(() => {
    const path = pathRef.current;
    if (!path) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      draw();
    });
    observer.observe(path);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, [pathRef, draw]);

  return draw;
}
