/**
 * The part of React Router the shop uses, for the production build (decision 0026): `vite build` aliases
 * `react-router` to this file, as it aliases React to Preact, and development keeps React Router itself.
 * React Router's production build does not shake: the subset used here weighed 13-15 KB gzip of every
 * page's start-up script; this is about 2 KB. Same behaviour for what the shop does: declarative
 * `<Routes>` (a layout route, `:params`, a trailing `*`, nested `<Routes>` below a splat, index routes,
 * React Router's ranking), `Link`, `NavLink` (`active` class and `aria-current`, `end`), `Navigate`,
 * `useNavigate` (absolute, `?search` and relative paths, numbers), `useLocation` (with `state`),
 * `useParams`, `useSearchParams`, `useNavigationType`, `Outlet`. The browser tests run on this build.
 */
import {
  type AnchorHTMLAttributes,
  Children,
  createContext,
  Fragment,
  isValidElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}
type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
type To = string | { pathname?: string; search?: string; hash?: string };
interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}
type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

interface RouterState {
  location: Location;
  navigationType: NavigationType;
  navigate: (href: string, options?: NavigateOptions) => void;
}
const RouterContext = createContext<RouterState | null>(null);

interface RouteState {
  params: Record<string, string>;
  /** The matched part of the address, which nested routes and relative paths start from. */
  base: string;
  outlet: ReactNode;
}
const RouteContext = createContext<RouteState>({ params: {}, base: '/', outlet: null });

function readLocation(): Location {
  const state = window.history.state as { usr?: unknown; key?: string } | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router hook was used outside <BrowserRouter>');
  return router;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [current, setCurrent] = useState(() => ({
    location: readLocation(),
    navigationType: 'POP' as NavigationType,
  }));
  useEffect(() => {
    const onPop = () => setCurrent({ location: readLocation(), navigationType: 'POP' });
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const navigate = useCallback((href: string, options: NavigateOptions = {}) => {
    const state = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
    if (options.replace) window.history.replaceState(state, '', href);
    else window.history.pushState(state, '', href);
    setCurrent({ location: readLocation(), navigationType: options.replace ? 'REPLACE' : 'PUSH' });
  }, []);
  const value = useMemo(() => ({ ...current, navigate }), [current, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** `to` as an address: absolute, `?search`/`#hash` on the current page, or relative to the route's base. */
export function resolve(to: To, base: string, location: Location): string {
  const target = typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`;
  if (target === '') return `${location.pathname}${location.search}${location.hash}`;
  if (target.startsWith('?')) return `${location.pathname}${target}`;
  if (target.startsWith('#')) return `${location.pathname}${location.search}${target}`;
  if (target.startsWith('/')) return target;
  const segments = base.split('/').filter(Boolean);
  const [path = '', rest = ''] = target.split(/(?=[?#])/);
  for (const segment of path.split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '.' && segment !== '') segments.push(segment);
  }
  return `/${segments.join('/')}${target.slice(path.length) || rest}`;
}

function useResolved(to: To): string {
  const { location } = useRouter();
  const { base } = useContext(RouteContext);
  return resolve(to, base, location);
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().navigationType;
}

export function useParams<T extends Record<string, string | undefined> = Record<string, string | undefined>>(): T {
  return useContext(RouteContext).params as T;
}

export function useNavigate(): NavigateFunction {
  const { navigate, location } = useRouter();
  const { base } = useContext(RouteContext);
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number') window.history.go(to);
      else navigate(resolve(to, base, location), options);
    },
    [navigate, base, location],
  );
}

export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | string, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: URLSearchParams | string, options?: NavigateOptions) => {
      const search = new URLSearchParams(next).toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}`, options);
    },
    [navigate, location.pathname],
  );
  return [params, set];
}

export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  // biome-ignore lint/correctness/useExhaustiveDependencies: navigates once, when rendered, as React Router does.
  useEffect(() => navigate(to, { replace, state }), []);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  to: To;
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
};

function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    (!target || target === '_self') &&
    !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}

export function Link({ to, replace, state, reloadDocument, onClick, target, children, ...rest }: LinkProps) {
  const { navigate, location } = useRouter();
  const href = useResolved(to);
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (reloadDocument || !isPlainClick(event, target)) return;
    event.preventDefault();
    // As React Router: a link to the page already shown replaces it instead of adding a history entry.
    const same = `${location.pathname}${location.search}${location.hash}` === href;
    navigate(href, { replace: replace ?? same, state });
  };
  return (
    <a {...rest} href={href} target={target} onClick={click}>
      {children}
    </a>
  );
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
};

export function NavLink({ end, className, ...rest }: NavLinkProps) {
  const { location } = useRouter();
  const target = useResolved(rest.to).split(/[?#]/)[0] ?? '/';
  const toPath = target.toLowerCase();
  const here = location.pathname.toLowerCase();
  const slashAt = toPath !== '/' && toPath.endsWith('/') ? toPath.length - 1 : toPath.length;
  const isActive = here === toPath || (!end && here.startsWith(toPath) && here.charAt(slashAt) === '/');
  const given = typeof className === 'function' ? className({ isActive }) : className;
  const classes = typeof className === 'function' ? given : [given, isActive ? 'active' : ''].filter(Boolean).join(' ');
  return <Link {...rest} className={classes || undefined} aria-current={isActive ? 'page' : undefined} />;
}

interface RouteProps {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: ReactNode;
}

/** A route's description; `<Routes>` reads its props and renders the matching ones. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

interface Branch {
  chain: RouteProps[];
  segments: string[];
  score: number;
  order: number;
}

/** React Router's ranking: static segments before `:params` before `*`, index routes first. */
function score(segments: string[], index: boolean): number {
  let total = segments.length + (index ? 2 : 0);
  for (const segment of segments) {
    if (segment === '*') total -= 2;
    else if (segment.startsWith(':')) total += 3;
    else total += 10;
  }
  return total;
}

function branchesOf(children: ReactNode, parent: string[] = [], chain: RouteProps[] = [], out: Branch[] = []) {
  Children.forEach(children, (child) => {
    if (!isValidElement(child)) return;
    const props = child.props as RouteProps & { children?: ReactNode };
    if (child.type === Fragment) {
      branchesOf(props.children, parent, chain, out);
      return;
    }
    const segments = props.index ? parent : [...parent, ...(props.path ?? '').split('/').filter(Boolean)];
    const nextChain = [...chain, props];
    if (props.children) branchesOf(props.children, segments, nextChain, out);
    if (props.index || props.path !== undefined) {
      out.push({ chain: nextChain, segments, score: score(segments, Boolean(props.index)), order: out.length });
    }
  });
  return out;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The branch's params and matched base if `parts` (the address below the parent's base) fit it. */
function match(branch: Branch, parts: string[]): { params: Record<string, string>; matched: number } | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < branch.segments.length; i++) {
    const segment = branch.segments[i] ?? '';
    if (segment === '*') {
      params['*'] = parts.slice(i).map(decode).join('/');
      return { params, matched: i };
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(part);
    else if (segment.toLowerCase() !== part.toLowerCase()) return null;
  }
  return parts.length === branch.segments.length ? { params, matched: parts.length } : null;
}

/** The branch of `branches` that `pathname` opens below `base`, with its params and matched base. */
export function findRoute(branches: Branch[], pathname: string, base: string) {
  const baseParts = base.split('/').filter(Boolean);
  const parts = pathname.split('/').filter(Boolean).slice(baseParts.length);
  for (const branch of branches) {
    const found = match(branch, parts);
    if (found)
      return { branch, params: found.params, base: `/${[...baseParts, ...parts.slice(0, found.matched)].join('/')}` };
  }
  return null;
}

/** The routes under `children`, best first. */
export function rankedRoutes(children: ReactNode): Branch[] {
  return branchesOf(children).sort((a, b) => b.score - a.score || a.order - b.order);
}

export function Routes({ children }: { children?: ReactNode }) {
  const { location } = useRouter();
  const parent = useContext(RouteContext);
  const branches = useMemo(() => rankedRoutes(children), [children]);
  const found = findRoute(branches, location.pathname, parent.base);
  if (!found) return null;
  const params = { ...parent.params, ...found.params };
  const { base } = found;
  // From the leaf up: each route's element gets the one below as its <Outlet />.
  let outlet: ReactNode = null;
  for (const route of [...found.branch.chain].reverse()) {
    outlet = <RouteContext.Provider value={{ params, base, outlet }}>{route.element ?? outlet}</RouteContext.Provider>;
  }
  return outlet;
}

export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}
