import { renderToStringAsync } from 'preact-render-to-string';
import { Provider } from 'react-redux';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { type SeedQuery, seedQueries } from './app/initial-data';
import { AppRoutes } from './app/router';
import { createStore } from './app/store';
import { type SiteConfig, siteConfig } from './lib/site-config';

export type { SeedQuery };

/**
 * The server's render of one public page (decision 0026): the same components the browser runs, drawn
 * to HTML on the server so the page paints before its script has run; the browser then hydrates it.
 * The server's settings (site name, e-mail, legal values) replace the defaults before each render.
 */
export async function renderPage(pathname: string, site: SiteConfig, queries: SeedQuery[]): Promise<string> {
  Object.assign(siteConfig, site);
  const store = createStore();
  seedQueries(store.dispatch, queries);
  const { hook, searchHook } = memoryLocation({ path: pathname, static: true });
  const html = await renderToStringAsync(
    <Provider store={store}>
      <Router hook={hook} searchHook={searchHook} ssrPath={pathname} ssrSearch="">
        <AppRoutes />
      </Router>
    </Provider>,
  );
  return html;
}
