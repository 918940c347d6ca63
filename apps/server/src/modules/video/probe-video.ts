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
}

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

export async function probeVideo(ffprobePath: string, file: string): Promise<ProbedVideo> {
  let output: string;
  try {
    output = await runTool(ffprobePath, [
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
  return {
    durationSeconds,
    width: upright ? video.height : video.width,
    height: upright ? video.width : video.height,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
  };
}
