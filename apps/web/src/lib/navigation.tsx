import { type ReactNode, useCallback, useMemo } from 'react';
import { Link, useRouter, useLocation as useWouterLocation } from 'wouter';
import { useHistoryState, usePathname, useSearch } from 'wouter/use-browser-location';

/**
 * The few React Router shapes the shop's pages were written against, on wouter (decision 0026, item 3):
 * wouter gives the address as a string and a navigate function; these give the address as an object
 * (`pathname`, `?search`, the history entry's `state`), a navigate that also takes a step count (-1),
 * the query as URLSearchParams and a menu link marked active. Links, routes, params and redirects are
 * wouter's own (`Link`, `Switch`/`Route`, `useParams`, `Redirect`).
 */

/** Rendering on the server (entry-server.tsx): no window, no history; the address is the router's `ssrPath`. */
const onServer = typeof window === 'undefined';

type Address = { pathname: string; search: string; state: unknown };

const useBrowserAddress = (): Address => ({ pathname: usePathname(), search: useSearch(), state: useHistoryState() });

function useServerAddress(): Address {
  const { ssrPath, ssrSearch } = useRouter();
  return { pathname: ssrPath ?? '/', search: ssrSearch ? `?${ssrSearch}` : '', state: null };
}

/** The address as the browser has it (not decoded) and the state the page was opened with. */
export const useLocation: () => Address = onServer ? useServerAddress : useBrowserAddress;

type NavigateOptions = { replace?: boolean; state?: unknown };

/** `navigate('/cart')`, `navigate('/check-out', { state })`, `navigate(-1)` (a step through the history). */
export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const [, navigate] = useWouterLocation();
  return useCallback(
    (to: string | number, options?: NavigateOptions) =>
      typeof to === 'number' ? history.go(to) : navigate(to, options),
    [navigate],
  );
}

/** The query of the address (read only: no page writes it). */
export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

/** A menu link: `active` and `aria-current="page"` on its own page and (unless `end`) the pages below it. */
export function NavLink({ to, end = false, children }: { to: string; end?: boolean; children: ReactNode }) {
  const pathname = useLocation().pathname.toLowerCase();
  const target = to.toLowerCase();
  const active = pathname === target || (!end && pathname.startsWith(target.endsWith('/') ? target : `${target}/`));
  return (
    <Link to={to} className={active ? 'active' : undefined} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

// Whether the address last changed by Back or Forward (or is the one the page loaded at): the layout
// then leaves the scroll position to the browser. Listening from here, before any component mounts,
// sets it before wouter's own listeners re-render the page.
let historyStep = true;
if (!onServer) {
  addEventListener('popstate', () => {
    historyStep = true;
  });
  // wouter reports its pushState and replaceState calls as events of those names.
  for (const type of ['pushState', 'replaceState']) {
    addEventListener(type, () => {
      historyStep = false;
    });
  }
}

export function cameByHistoryStep(): boolean {
  return historyStep;
}
