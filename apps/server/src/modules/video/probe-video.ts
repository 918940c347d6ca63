import { messages } from '@shop/shared';
import { AppError } from '../../errors.js';
import { runTool, VideoToolError } from './run-tool.js';

/**
 * What the pipeline needs to know about an uploaded file, read by ffprobe from its content (never its
 * name): it must hold a moving picture. A text file renamed .mp4, an audio file (with or without cover
 * art) and a still image are refused with one message the operator can act on.
 */
export interface ProbedVideo {
  durationSeconds: number;
  /** As displayed: a phone video recorded upright (rotation 90/270) reports its upright size. */
  width: number;
  height: number;
  hasAudio: boolean;
  /** The demuxer ffprobe read it with; ffmpeg is told to use this one and no other (`-f`). */
  demuxer: string;
}

/**
 * The containers a camera, a phone or an editor exports (MP4, MOV, MKV, WebM), by ffprobe's
 * `format_name`, and the demuxer ffmpeg is then forced to. Anything else is refused, above all the
 * formats that name other files: an HLS or DASH playlist, an ffconcat list, an image sequence, a
 * pipe (decision 0028: an uploaded playlist naming a local file would publish that file).
 */
const ALLOWED_CONTAINERS: Record<string, string> = {
  'mov,mp4,m4a,3gp,3g2,mj2': 'mov',
  'matroska,webm': 'matroska',
};

/** The largest picture accepted, either way up: 4K UHD. */
export const VIDEO_MAX_LONG_SIDE = 3840;
export const VIDEO_MAX_SHORT_SIDE = 2160;

export interface ProbeLimits {
  /** Longer videos are refused (VIDEO_MAX_HOURS); no limit when absent. */
  maxHours?: number;
}

/** ffprobe and ffmpeg read only the local file they are given: no network, no other protocol. */
export const LOCAL_FILE_ONLY = ['-protocol_whitelist', 'file'];

interface FfprobeStream {
  codec_type?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

interface FfprobeOutput {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string };
}

export async function probeVideo(ffprobePath: string, file: string, limits: ProbeLimits = {}): Promise<ProbedVideo> {
  let output: string;
  try {
    output = await runTool(ffprobePath, [
      ...LOCAL_FILE_ONLY,
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      file,
    ]);
  } catch (error) {
    // ffprobe could not read the file as any media: the upload is not a video. A missing ffprobe is ours.
    if (error instanceof VideoToolError && !error.notRunnable) {
      throw new AppError('bad_request', messages.videoNotAVideo);
    }
    throw error;
  }
  const probe = JSON.parse(output) as FfprobeOutput;
  const demuxer = ALLOWED_CONTAINERS[probe.format?.format_name ?? ''];
  if (!demuxer) throw new AppError('bad_request', messages.videoNotAVideo);
  const streams = probe.streams ?? [];
  const video = streams.find((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1);
  const durationSeconds = Number(probe.format?.duration ?? video?.duration);
  // A still image is a one-frame "video" without a duration.
  if (!video?.width || !video.height || !(durationSeconds > 0)) {
    throw new AppError('bad_request', messages.videoNotAVideo);
  }
  const rotation = Math.abs(
    Number(video.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0),
  );
  const upright = rotation % 180 === 90;
  const width = upright ? video.height : video.width;
  const height = upright ? video.width : video.height;
  // Refused here, before any decoding: an 8K frame costs ffmpeg a gigabyte, ten hours of 1 fps costs hours.
  if (Math.max(width, height) > VIDEO_MAX_LONG_SIDE || Math.min(width, height) > VIDEO_MAX_SHORT_SIDE) {
    throw new AppError(
      'bad_request',
      messages.videoTooLarge.replace('{width}', String(width)).replace('{height}', String(height)),
    );
  }
  if (limits.maxHours !== undefined && durationSeconds > limits.maxHours * 3600) {
    throw new AppError(
      'bad_request',
      messages.videoTooLong
        .replace('{duration}', formatDuration(durationSeconds))
        .replace('{hours}', String(limits.maxHours)),
    );
  }
  return { durationSeconds, width, height, hasAudio: streams.some((stream) => stream.codec_type === 'audio'), demuxer };
}

/** 25201 s as "7 h 0 min". */
function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
