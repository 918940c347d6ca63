const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** Pulls the 11-character YouTube id out of a watch, short, embed or bare-id link; null if there is none. */
export function extractVideoId(link: string | null | undefined): string | null {
  if (!link) return null;
  const text = link.trim();
  if (VIDEO_ID.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const fromQuery = url.searchParams.get('v');
  if (fromQuery && VIDEO_ID.test(fromQuery)) return fromQuery;
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  return VIDEO_ID.test(last) ? last : null;
}
