import { type LearnCourseResponse, type LearnLesson, messages } from '@shop/shared';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, Redirect, useParams } from 'wouter';
import { CloseIcon, LockIcon, MenuIcon } from '../../components/ui/icons';
import { useCloseOnEscape } from '../../components/ui/use-close-on-escape';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { usePainted } from '../../components/ui/use-painted';
import { errorMessage } from '../../lib/api';
import { useLocation } from '../../lib/navigation';
import { loginPathFor } from '../account';
import { CertificateClaim, IssuedCertificate } from './certificate-claim';
import { useGetLearnCourseQuery, useSaveLessonProgressMutation } from './learn-api';
import { lessonOpensOn } from './lesson-opens-on';
import { LessonOutline } from './lesson-outline';
import type { LessonVideoControl } from './lesson-video-control';
import { LessonView } from './lesson-view';
import './player.css';
import { UpcomingLiveSessionsFor } from '../live-sessions';

/** The notes load after the lesson has painted, as their own chunk. */
const NotesPanel = lazy(() => import('./notes-panel'));

/** The lesson to open: the one in the address, else where the learner left off, else the first. */
function pickLesson(course: LearnCourseResponse, lessonId: string | undefined): LearnLesson | undefined {
  const lessons = course.sections.flatMap((section) => section.lessons);
  return (
    lessons.find((lesson) => lesson.id === lessonId) ??
    (lessonId ? undefined : (lessons.find((lesson) => lesson.id === course.progress.lastLessonId) ?? lessons[0]))
  );
}

function Player({ course, lessonId }: { course: LearnCourseResponse; lessonId: string | undefined }) {
  const courseId = course.course._id;
  const lessons = course.sections.flatMap((section) => section.lessons);
  const lesson = pickLesson(course, lessonId);
  const index = lesson ? lessons.indexOf(lesson) : -1;
  const previous = lessons[index - 1];
  const next = lessons[index + 1];
  const [save, saving] = useSaveLessonProgressMutation();
  const [outlineOpen, setOutlineOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const video = useRef<LessonVideoControl>(null);
  const painted = usePainted();
  useDocumentMeta(lesson ? `${lesson.title} | ${course.course.title}` : course.course.title, course.course.title);

  // A newly opened lesson takes the focus to its title, so a keyboard or screen-reader user starts there.
  const lessonKey = lesson?.id;
  const first = useRef(true);
  useEffect(() => {
    if (!lessonKey) return;
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [lessonKey]);

  const savePosition = useCallback(
    (positionSeconds: number, completed: boolean) => {
      if (lessonKey) void save({ courseId, lessonId: lessonKey, positionSeconds, completed });
    },
    [save, courseId, lessonKey],
  );
  const closeOutline = useCallback(() => setOutlineOpen(false), []);
  useCloseOnEscape(outlineOpen, setOutlineOpen);

  if (!lesson) {
    return (
      <div className="container section">
        <h1 className="visually-hidden">{messages.playerTitle}</h1>
        <p className="state-message" role="alert">
          {messages.lessonNotFound}
        </p>
        <Link className="btn" to={`/learn/${courseId}`}>
          {messages.continueCourse}
        </Link>
      </div>
    );
  }
  const { progress } = course;
  return (
    <div className="player">
      <header className="player-top">
        <div>
          <Link to="/enrolled-courses" className="player-back">
            {messages.backToCourses}
          </Link>
          <p className="player-course-title">{course.course.title}</p>
        </div>
        <div className="player-progress">
          <label htmlFor="course-progress">
            {messages.courseProgressLabel.replace('{percent}', String(progress.percent))}
          </label>
          <progress id="course-progress" max={100} value={progress.percent} />
          <span className="player-progress-detail">
            {messages.courseProgressDetail
              .replace('{completed}', String(progress.completed))
              .replace('{total}', String(progress.total))}
          </span>
        </div>
        <button
          type="button"
          className="btn btn-outline btn-small player-outline-toggle"
          aria-expanded={outlineOpen}
          aria-controls="player-outline"
          onClick={() => setOutlineOpen((open) => !open)}
        >
          <MenuIcon size={18} /> {messages.openOutline}
        </button>
      </header>
      <div className="player-body">
        <article className="player-lesson" aria-labelledby="lesson-title">
          <h1 id="lesson-title" ref={heading} tabIndex={-1}>
            {lesson.title}
          </h1>
          {lesson.duration && <p className="player-duration">{lesson.duration}</p>}
          {lesson.availableAt ? (
            <p className="player-locked">
              <LockIcon size={20} />
              <span>{lessonOpensOn(lesson.availableAt)}</span>
            </p>
          ) : (
            <LessonView key={lesson.id} courseId={courseId} lesson={lesson} onPosition={savePosition} control={video} />
          )}
          <div className="player-controls">
            {previous ? (
              <Link className="btn btn-outline" to={`/learn/${courseId}/${previous.id}`} rel="prev">
                ← {messages.previousLesson}
              </Link>
            ) : (
              <span />
            )}
            {lesson.availableAt ? (
              <span />
            ) : (
              <button
                type="button"
                className="btn"
                disabled={lesson.completed || saving.isLoading}
                onClick={() => savePosition(lesson.positionSeconds, true)}
              >
                {lesson.completed ? `✓ ${messages.lessonCompleted}` : messages.markComplete}
              </button>
            )}
            {next ? (
              <Link className="btn btn-outline" to={`/learn/${courseId}/${next.id}`} rel="next">
                {messages.nextLesson} →
              </Link>
            ) : (
              <span />
            )}
          </div>
          {course.certificateId ? (
            <IssuedCertificate courseId={courseId} certificateId={course.certificateId} />
          ) : (
            progress.total > 0 && progress.completed === progress.total && <CertificateClaim courseId={courseId} />
          )}
          {saving.isError && (
            <p className="form-error" role="alert">
              {errorMessage(saving.error, messages.lessonSaveFailed)}
            </p>
          )}
          {painted && (
            <Suspense fallback={null}>
              <UpcomingLiveSessionsFor courseId={courseId} />
            </Suspense>
          )}
          {painted && !lesson.availableAt && (
            <Suspense fallback={null}>
              <NotesPanel courseId={courseId} lesson={lesson} sections={course.sections} video={video} />
            </Suspense>
          )}
        </article>
        <nav
          id="player-outline"
          className={`player-outline${outlineOpen ? ' is-open' : ''}`}
          aria-label={messages.courseOutline}
        >
          <div className="player-outline-head">
            <p className="player-outline-title">{messages.courseOutline}</p>
            <button
              type="button"
              className="player-outline-close"
              aria-label={messages.closeOutline}
              onClick={closeOutline}
            >
              <CloseIcon size={20} />
            </button>
          </div>
          <LessonOutline courseId={courseId} sections={course.sections} currentId={lesson.id} onPick={closeOutline} />
        </nav>
      </div>
    </div>
  );
}

export default function PlayerPage() {
  const { courseId = '', lessonId } = useParams();
  const { pathname } = useLocation();
  const { data, error, isLoading } = useGetLearnCourseQuery(courseId, { refetchOnMountOrArgChange: 300 });
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 401) return <Redirect to={loginPathFor(pathname)} replace />;
  if (isLoading) return <p className="state-message container section">{messages.loading}</p>;
  if (error || !data) {
    return (
      <div className="container section">
        <h1 className="visually-hidden">{messages.playerTitle}</h1>
        <p className="state-message" role="alert">
          {errorMessage(error, messages.learnCourseFailed)}
        </p>
        {status === 403 && (
          <Link className="btn" to={`/course-details/${courseId}`}>
            {messages.viewCourse}
          </Link>
        )}
      </div>
    );
  }
  return <Player course={data} lessonId={lessonId} />;
}
