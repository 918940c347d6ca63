/** One rung of the ladder as the quality menu lists it. */
export interface StreamLevel {
  index: number;
  height: number;
}

export interface AttachedStream {
  /** A rung's index, or -1 for Auto. */
  setLevel(index: number): void;
  /** Loads again after a refused request was put right (a fresh signed URL). */
  restart(): void;
  destroy(): void;
}

interface AttachOptions {
  startSeconds: number;
  /** The URL to really fetch for a playlist or key URL: the freshest signed query on it. */
  signed(url: string): Promise<string>;
  onLevels(levels: StreamLevel[]): void;
  /** A request the player could not recover from (a refused key or playlist, the network gone). */
  onFatal(): void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * Plays an HLS stream in the video element: through hls.js (loaded only here, so only a lesson with
 * its own video pays for it) wherever Media Source Extensions exist, else the browser's own HLS
 * (Safari on iPhone). hls.js asks `signed` for every playlist and key URL, so a URL that expired
 * while the video played is never sent: the player's latest grant replaces its query.
 */
export async function attachStream(
  video: HTMLVideoElement,
  manifestUrl: string,
  options: AttachOptions,
): Promise<AttachedStream> {
  const hasMse = typeof window.MediaSource !== 'undefined' || 'ManagedMediaSource' in window;
  if (!hasMse && video.canPlayType(HLS_TYPE)) return attachNative(video, manifestUrl, options);
  const { default: Hls } = await import('hls.js');
  if (!Hls.isSupported()) return attachNative(video, manifestUrl, options);
  const hls = new Hls({
    startPosition: options.startSeconds,
    // Our segments are 6 s: a minute ahead is plenty and keeps a short lesson from fetching everything.
    maxBufferLength: 30,
    // The CSP allows scripts from our origin only; a worker from a blob: URL would be refused.
    enableWorker: false,
    xhrSetup: async (xhr, url) => {
      xhr.open('GET', await options.signed(url), true);
    },
  });
  hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
    // The menu lists the best first; hls.js numbers the rungs from the lowest bit rate.
    options.onLevels(
      data.levels.map((level, index) => ({ index, height: level.height })).sort((a, b) => b.height - a.height),
    );
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    else options.onFatal();
  });
  hls.loadSource(manifestUrl);
  hls.attachMedia(video);
  return {
    setLevel: (index) => {
      hls.currentLevel = index;
    },
    restart: () => hls.startLoad(),
    destroy: () => hls.destroy(),
  };
}

/** Safari's own HLS: it picks the quality itself and fetches the playlists and key without asking us. */
function attachNative(video: HTMLVideoElement, manifestUrl: string, options: AttachOptions): AttachedStream {
  const start = () => {
    if (options.startSeconds > 0) video.currentTime = options.startSeconds;
  };
  video.addEventListener('loadedmetadata', start, { once: true });
  const onError = () => options.onFatal();
  video.addEventListener('error', onError);
  video.src = manifestUrl;
  options.onLevels([]);
  return {
    setLevel: () => {},
    restart: () => {
      const at = video.currentTime;
      video.src = manifestUrl;
      video.currentTime = at;
    },
    destroy: () => {
      video.removeEventListener('error', onError);
      video.removeAttribute('src');
      video.load();
    },
  };
}
