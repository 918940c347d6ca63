import { z } from 'zod';

const ok = z.literal(true);

/** One upload of a lesson's video and its transcode job, as the console shows it. */
export const lessonVideoState = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'ready', 'failed']),
  sourceName: z.string(),
  /** Whole percent of the transcode. */
  progress: z.number().int(),
  /** Estimated seconds left while running; null before there is a rate to estimate from. */
  etaSeconds: z.number().int().nullable(),
  /** ffmpeg's reason when failed. */
  error: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  rungs: z.array(z.object({ name: z.string(), width: z.number().int(), height: z.number().int() })),
  hasCaptions: z.boolean(),
});
export type LessonVideoState = z.infer<typeof lessonVideoState>;

/** `current`: the ready video the lesson plays; `job`: a newer upload still queued, running or failed. */
export const lessonVideoResponse = z.object({
  ok,
  current: lessonVideoState.nullable(),
  job: lessonVideoState.nullable(),
});
export type LessonVideoResponse = z.infer<typeof lessonVideoResponse>;
