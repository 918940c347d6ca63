const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
/** The hosts a YouTube link may name (the player embeds from youtube-nocookie.com whatever the link says). */
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtu.be',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

/**
 * Pulls the 11-character YouTube id out of a watch, short, embed or bare-id link; null if there is none.
 * A link must be http(s) on a YouTube host: `javascript:alert(1)//dQw4w9WgXcQ` ends in an id but is no
 * YouTube link, and is refused (attack report D5).
 */
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
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !YOUTUBE_HOSTS.has(url.hostname)) return null;
  const fromQuery = url.searchParams.get('v');
  if (fromQuery && VIDEO_ID.test(fromQuery)) return fromQuery;
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  return VIDEO_ID.test(last) ? last : null;
}
