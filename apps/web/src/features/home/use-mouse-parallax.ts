import { type MouseEvent, useEffect, useRef } from 'react';
import { prefersReducedMotion } from '../../components/ui/use-reduced-motion';

/**
 * Mouse parallax for decorative shapes: the pointer's position in the element, from -0.5 to 0.5 on each
 * axis, goes into `--mx` and `--my`; each shape's CSS moves it by that times its own `--strength` in
 * pixels, with a 1-second ease-out transition (the original's one-second tween).
 */
export function useMouseParallax() {
  const frame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  return (event: MouseEvent<HTMLElement>) => {
    if (prefersReducedMotion()) return;
    const element = event.currentTarget;
    const { clientX, clientY } = event;
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const box = element.getBoundingClientRect();
      element.style.setProperty('--mx', ((clientX - box.left) / box.width - 0.5).toFixed(4));
      element.style.setProperty('--my', ((clientY - box.top) / box.height - 0.5).toFixed(4));
    });
  };
}
