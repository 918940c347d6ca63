import { type ComponentType, createElement, lazy, useState } from 'react';

type Module = { default: ComponentType };

/** A lazily loaded component whose code can be loaded ahead of its first render. */
export interface Preloadable {
  /** The component, once its code has loaded. */
  loaded?: ComponentType;
  Lazy: ComponentType;
  /** Loads the code. */
  load: () => Promise<void>;
}

/**
 * A lazily loaded component that can be loaded ahead. The browser loads the code of the drawn page and of
 * the layout's footer before it hydrates the server's HTML (main.tsx): the footer still loading suspended
 * the hydrating render, and Preact then drew the back-to-top button twice (e2e/catalog.test.ts). A part
 * that hydrates well while suspended (the home page's lower half) is left to load on its own.
 */
export function preloadable(load: () => Promise<Module>): Preloadable {
  const code: Preloadable = {
    Lazy: lazy(() =>
      load().then((module) => {
        code.loaded = module.default;
        return module;
      }),
    ),
    load: async () => {
      code.loaded = (await load()).default;
    },
  };
  return code;
}

/** Draws a preloadable component: at once when its code is there, else through Suspense; kept for the mount. */
export function Preloaded({ code }: { code: Preloadable }) {
  const [Component] = useState(() => code.loaded ?? code.Lazy);
  return createElement(Component);
}
