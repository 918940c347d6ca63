import { useEffect, useState } from 'react';

/**
 * False until the browser has painted what the component first drew, then true. A part below what the
 * page is for (the player's notes: their own chunk with the form library, 18 KB) waits for it, so its
 * download does not compete with the lesson's first paint on a slow connection.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // The frame's callback runs before its paint; a task queued from it runs after that paint.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
