import { useLayoutEffect, useState } from 'react';

/**
 * False on the first render, true from the next one. What only the browser knows (the cart and wishlist
 * kept in local storage, the window's width, the address) waits for it, so the first render in the browser draws what the server drew
 * (it hydrates the server's HTML: decision 0026) and the browser's own figures follow a moment later.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  // Before the browser paints: a page the browser draws itself never shows the first render's values.
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated;
}
