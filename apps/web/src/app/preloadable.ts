import { type ComponentType, createElement, lazy, useState } from 'react';

type Module = { default: ComponentType; loadParts?: () => Promise<void> };

/** A lazily loaded component whose code can be loaded ahead of its first render. */
export interface Preloadable {
  /** The component, once its code has loaded. */
  loaded?: ComponentType;
  Lazy: ComponentType;
  /** Loads the code, and the lazily loaded parts the module names (`loadParts`). */
  load: () => Promise<void>;
}

/**
 * A lazily loaded component that can be loaded ahead. The browser loads the code of what the server drew
 * before it hydrates that HTML (main.tsx): a part still loading would suspend the hydrating render, and
 * Preact then drew some of it twice (the back-to-top button, seen in e2e/catalog.test.ts).
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
      const module = await load();
      await module.loadParts?.();
      code.loaded = module.default;
    },
  };
  return code;
}

/** Draws a preloadable component: at once when its code is there, else through Suspense; kept for the mount. */
export function Preloaded({ code }: { code: Preloadable }) {
  const [Component] = useState(() => code.loaded ?? code.Lazy);
  return createElement(Component);
}
