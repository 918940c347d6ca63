const PROBE_ORIGIN = 'http://same-origin.invalid';

/**
 * A `?next=` return path that stays on this site: a relative path such as `/cart?step=2`, never
 * `//evil.example`, `/\evil.example`, `https://…` or `javascript:…`. Anything else gives null.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments collapse only here: '/.//evil.example' becomes '//evil.example', which a browser
  // would read as another host. What is returned is checked, not what came in.
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}

/** The login page, set to come back to `returnTo` (this page, say) after signing in. */
export function loginPathFor(returnTo: string): string {
  return `/login?next=${encodeURIComponent(returnTo)}`;
}
