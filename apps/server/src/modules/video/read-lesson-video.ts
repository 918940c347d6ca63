import { type LessonVideoResponse, type LessonVideoState, messages } from '@shop/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import type { Rung } from './plan-ladder.js';
import * as repo from './repo.js';

/** What the console shows for a lesson: the video it plays, and a newer upload's job if there is one. */
export async function readLessonVideo(db: Db, lessonId: string): Promise<Omit<LessonVideoResponse, 'ok'>> {
  const lesson = await repo.findLesson(db, lessonId);
  if (!lesson) throw new AppError('not_found', messages.videoLessonNotFound);
  const videos = await repo.findLessonVideos(db, [lessonId]);
  const current = videos.find((video) => video.id === lesson.video_id);
  const job = videos.find((video) => video.status !== 'ready');
  return { current: current ? stateOf(current) : null, job: job ? stateOf(job) : null };
}

export function stateOf(row: repo.LessonVideoRow): LessonVideoState {
  const rungs = row.rungs_json ? (JSON.parse(row.rungs_json) as Rung[]) : [];
  return {
    id: row.id,
    status: row.status,
    sourceName: row.source_name,
    progress: row.progress,
    etaSeconds: row.eta_seconds,
    error: row.error,
    durationSeconds: row.duration_seconds,
    rungs: rungs.map(({ name, width, height }) => ({ name, width, height })),
    hasCaptions: row.has_captions === 1,
  };
}
