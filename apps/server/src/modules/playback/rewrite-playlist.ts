import { videoKeyUri } from '../video/transcode-to-hls.js';

/**
 * A stored playlist as one learner receives it: every URI line (the master's media playlists, a media
 * playlist's segments) carries the learner's signed query, and each key line's URI becomes the key
 * endpoint's for that key of this video, signed the same way. A video transcoded before keys rotated
 * names one key (`/key`); one transcoded since names `/keys/<n>`, kept as it is. Segments are served
 * only on a signed URL (decision 0028), so a media playlist is the only way to them.
 */
export function rewritePlaylist(text: string, videoId: string, query: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (line.startsWith('#EXT-X-KEY:')) {
        const index = /URI="[^"]*\/keys\/(\d+)"/.exec(line)?.[1];
        const keyUri = `${videoKeyUri(videoId, index === undefined ? undefined : Number(index))}${query}`;
        return line.replace(/URI="[^"]*"/, `URI="${keyUri}"`);
      }
      if (line !== '' && !line.startsWith('#')) return `${line}${query}`;
      return line;
    })
    .join('\n');
}
