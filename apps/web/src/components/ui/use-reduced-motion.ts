import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function prefersReducedMotion(): boolean {
  // The server renders the moving version; the browser's setting applies from its first render.
  return typeof window !== 'undefined' && window.matchMedia(query).matches;
}

/** True while the user asks for reduced motion; follows changes of the setting. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion);
}
