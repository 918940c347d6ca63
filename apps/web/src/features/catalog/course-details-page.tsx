import type { Course, CourseDetail, PreviewLesson } from '@shop/shared';
import { formatIndianNumber, messages } from '@shop/shared';
import { type KeyboardEvent, lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { formatDay } from '../../components/ui/format-day';
import { PlayIcon, ShieldIcon } from '../../components/ui/icons';
import { InstalmentsOption } from '../../components/ui/instalments-option';
import { Price } from '../../components/ui/price';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { useHydrated } from '../../components/ui/use-hydrated';
import { VideoModal } from '../../components/ui/video-modal';
import { useGetProfileQuery } from '../account';
import { AddToCartButton } from '../cart/add-to-cart-button';
import { CurriculumPreview, useGetEnrolledCoursesQuery, useGetPreviewLessonsQuery } from '../learning';
import { LiveRecordingsFor, UpcomingLiveSessionsFor } from '../live-sessions';
import { PlansOfCourse } from '../memberships';
import { WishlistButton } from '../wishlist';
import { useGetCourseQuery } from './api';
import { BundlesOfCourse } from './bundles-of-course';
import { CourseRating } from './course-rating';
import { CourseReviews } from './course-reviews';
import { ShareLinks } from './share-links';

/** A preview lesson's player (its own stream or YouTube), loaded when a preview is opened. */
const PreviewVideoModal = lazy(() => import('../learning/preview-video-modal'));

const tabs = ['Overview', 'Reviews'] as const;

function Tabs({ active, onChange }: { active: number; onChange: (index: number) => void }) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  // The server draws the tabs; until the page hydrates a click on another would be lost, so it waits.
  const hydrated = useHydrated();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = (active + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label="Course information" onKeyDown={onKeyDown}>
      {tabs.map((label, index) => (
        <button
          key={label}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`tab-${index}`}
          aria-selected={active === index}
          aria-controls={`panel-${index}`}
          tabIndex={active === index ? 0 : -1}
          className={active === index ? 'is-active' : undefined}
          disabled={!hydrated && active !== index}
          onClick={() => onChange(index)}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

function Overview({ course }: { course: Course }) {
  return (
    <div className="course-overview">
      <h2>Course Description</h2>
      <p>{course.courseDescription || messages.noDescription}</p>
      <h2>What you'll learn</h2>
      {course.whatYoullLearn.length === 0 ? (
        <p>{messages.noObjectives}</p>
      ) : (
        <ul className="check-list">
          {course.whatYoullLearn.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
      <h2>Details</h2>
      <p>{course.description || messages.noDetails}</p>
    </div>
  );
}

function CurriculumAndReviews({ course }: { course: Course }) {
  const { data: previews } = useGetPreviewLessonsQuery(course._id);
  const [preview, setPreview] = useState<PreviewLesson | null>(null);
  const closePreview = useCallback(() => setPreview(null), []);
  return (
    <div className="course-reviews">
      <h2>Curriculum</h2>
      {course.curriculum.length === 0 ? (
        <p>{messages.noCurriculum}</p>
      ) : (
        <ol className="curriculum">
          {course.curriculum.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lessons may share a title; their order is their identity
            <li key={`${index}-${item.title}`}>
              <div className="curriculum-head">
                <span className="curriculum-title">{item.title}</span>
                <span className="curriculum-duration">{item.duration}</span>
                <CurriculumPreview lesson={previews?.find((lesson) => lesson.index === index)} onPlay={setPreview} />
              </div>
              <p>{item.content}</p>
            </li>
          ))}
        </ol>
      )}
      {preview && (
        <Suspense fallback={null}>
          <PreviewVideoModal courseId={course._id} lesson={preview} onClose={closePreview} />
        </Suspense>
      )}
      <CourseReviews courseId={course._id} />
    </div>
  );
}

/** Whether the signed-in learner owns this course (a visitor, and the server's render, own nothing). */
function useOwnsCourse(courseId: string): boolean {
  const { data: profile } = useGetProfileQuery();
  const { data: enrolled } = useGetEnrolledCoursesQuery(undefined, { skip: !profile });
  return Boolean(profile && enrolled?.some((owned) => owned._id === courseId));
}

/**
 * The price and Add to Cart, or for a learner who owns the course the way into it. On a phone this
 * block stays at the foot of the screen (styles.css), so buying never waits for two screens of text.
 */
function BuyBox({ course, owned }: { course: CourseDetail; owned: boolean }) {
  if (owned) {
    return (
      <div className="course-buy">
        <p className="course-buy-owned">{messages.courseOwnedShort}</p>
        <Link className="btn btn-block" to={`/learn/${course._id}`}>
          {messages.goToCourse}
        </Link>
      </div>
    );
  }
  return (
    <div className="course-buy">
      <p className="course-buy-price">
        <span>Course Fee</span> <Price rupees={course.price} className="price price-large" />
      </p>
      <AddToCartButton
        course={{ id: course._id, title: course.title }}
        cohorts={course.runsInCohorts ? course.cohorts : undefined}
      />
      {course.instalments && (
        <InstalmentsOption
          offer={course.instalments}
          to={`/instalments/${course._id}`}
          className="course-buy-instalments"
        />
      )}
    </div>
  );
}

/**
 * The sidebar's preview (issue 32): the course's preview link when it has one, else its first free-preview
 * lesson of our own video; with neither, there is nothing to play and no play button.
 */
function CoursePreview({ course }: { course: Course }) {
  const [playing, setPlaying] = useState(false);
  const close = useCallback(() => setPlaying(false), []);
  const { data: previews } = useGetPreviewLessonsQuery(course._id, { skip: course.videoLink !== '' });
  const trailer = course.videoLink ? undefined : previews?.find((lesson) => lesson.ownVideo);
  return (
    <>
      <div className="sidebar-thumb">
        <img src={course.thumb} alt="" width="350" height="219" />
        {(course.videoLink || trailer) && (
          <button
            type="button"
            className="play-button"
            aria-label="Play the course preview"
            onClick={() => setPlaying(true)}
          >
            <PlayIcon size={28} />
          </button>
        )}
      </div>
      {playing && course.videoLink && <VideoModal videoLink={course.videoLink} title={course.title} onClose={close} />}
      {playing && trailer && (
        <Suspense fallback={null}>
          <PreviewVideoModal courseId={course._id} lesson={trailer} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

function Sidebar({ course }: { course: CourseDetail }) {
  const owned = useOwnsCourse(course._id);
  return (
    <aside className="course-sidebar" aria-label="Enrol">
      <CoursePreview course={course} />
      <BuyBox course={course} owned={owned} />
      <dl className="sidebar-facts">
        <div>
          <dt>Level</dt>
          <dd>{course.level}</dd>
        </div>
      </dl>
      {!owned && (
        <p className="secure-payment">
          <ShieldIcon size={18} /> Secure payment by Razorpay: UPI, cards, net banking
        </p>
      )}
      <BundlesOfCourse courseId={course._id} />
      <PlansOfCourse courseId={course._id} />
      {owned && (
        <Suspense fallback={null}>
          <UpcomingLiveSessionsFor courseId={course._id} />
          <LiveRecordingsFor courseId={course._id} />
        </Suspense>
      )}
      <ShareLinks title={course.title} />
      {!owned && <WishlistButton course={course} showLabel />}
    </aside>
  );
}

export default function CourseDetailsPage() {
  const { id = '' } = useParams();
  const { data: course, isLoading } = useGetCourseQuery(id);
  const [tab, setTab] = useState(0);
  useDocumentMeta(course?.title ?? messages.courseNotFound, course?.courseDescription.slice(0, 160), course?.thumb);

  if (isLoading) return <p className="container section state-message">{messages.loading}</p>;
  if (!course) {
    return (
      <section className="container section not-found">
        <h1>{messages.courseNotFound}</h1>
        <Link className="btn" to="/courses">
          {messages.allCourses}
        </Link>
      </section>
    );
  }

  return (
    <section className="section course-details">
      <div className="container course-details-grid">
        <div className="course-main">
          <header className="course-header">
            <div className="course-card-meta">
              <Link to={`/courses?q=${encodeURIComponent(course.tag)}`} className="tag">
                {course.tag}
              </Link>
              <CourseRating course={course} />
            </div>
            <h1>{course.title}</h1>
            <ul className="course-facts">
              <li>
                By <strong>{course.instructor}</strong>
              </li>
              <li>{formatDay(course.createdAt)}</li>
              <li>{formatIndianNumber(course.students)} Students</li>
            </ul>
          </header>
          <Tabs active={tab} onChange={setTab} />
          <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="tab-panel">
            {tab === 0 ? <Overview course={course} /> : <CurriculumAndReviews course={course} />}
          </div>
          <p className="course-disclaimer" role="note">
            {messages.investmentDisclaimer}
          </p>
        </div>
        <Sidebar course={course} />
      </div>
    </section>
  );
}
