import { videoKeyUri } from '../video/transcode-to-hls.js';

/**
 * A stored playlist as one learner receives it: every URI line (the master's media playlists) carries
 * the learner's signed query, and the key's URI becomes the key endpoint's, signed the same way.
 * Segment lines of a media playlist stay as they are: relative paths to ciphertext anyone may fetch.
 */
export function rewritePlaylist(text: string, videoId: string, query: string, kind: 'master' | 'media'): string {
  const keyUri = `${videoKeyUri(videoId)}${query}`;
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('#EXT-X-KEY:')) return line.replace(/URI="[^"]*"/, `URI="${keyUri}"`);
      if (kind === 'master' && line !== '' && !line.startsWith('#')) return `${line}${query}`;
      return line;
    })
    .join('\n');
}
