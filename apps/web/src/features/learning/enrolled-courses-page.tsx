import { messages } from '@shop/shared';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Carousel, type CarouselBreakpoint, type CarouselLayout } from '../../components/ui/carousel';
import { EmptyShelf, LoadFailed } from '../../components/ui/shelf-states';
import { useDocumentMeta } from '../../components/ui/use-document-meta';
import { DashboardPage, DashboardPanel } from '../account/dashboard-sidebar';
import { useGetEnrolledCoursesQuery } from './api';
import { type ChosenVideo, EnrolledCourseCard } from './enrolled-course-card';
import './learning.css';

/** A lesson's player (our own stream or its link), loaded when a 'Watch Video' button is pressed. */
const EnrolledVideoModal = lazy(() => import('./enrolled-video-modal'));

/** Download links expire after 10 minutes; fetching them again every 5 keeps an open page working. */
const REFRESH_LINKS_MS = 5 * 60_000;

/** The spec's enrolled-courses carousel: 1 card across, 1.5 from 576 px, 2 from 768 px, 3 from 1200 px. */
const layout: CarouselLayout = { slidesPerView: 1, spaceBetween: 20 };
const breakpoints: CarouselBreakpoint[] = [
  { minWidth: 576, slidesPerView: 1.5, spaceBetween: 20 },
  { minWidth: 768, slidesPerView: 2, spaceBetween: 24 },
  { minWidth: 1200, slidesPerView: 3, spaceBetween: 24 },
];

function EnrolledCourses() {
  const {
    data: courses,
    isLoading,
    isError,
    refetch,
  } = useGetEnrolledCoursesQuery(undefined, {
    pollingInterval: REFRESH_LINKS_MS,
    refetchOnMountOrArgChange: true,
  });
  const [video, setVideo] = useState<ChosenVideo | null>(null);
  // The video may have moved the learner's progress: the cards show it once the popup closes.
  const close = useCallback(() => {
    setVideo(null);
    void refetch();
  }, [refetch]);

  if (isLoading) return <p className="state-message">{messages.loading}</p>;
  if (isError || !courses) {
    return <LoadFailed>{messages.enrolledCoursesFailed}</LoadFailed>;
  }
  if (courses.length === 0) {
    return <EmptyShelf className="enrolled-empty" message={messages.noEnrolledCourses} />;
  }
  return (
    <>
      <div className="enrolled-carousel">
        {/* Named apart from the panel around it: two landmarks with one name cannot be told apart. */}
        <Carousel label="Your courses" layout={layout} breakpoints={breakpoints}>
          {courses.map((course) => (
            <EnrolledCourseCard key={course._id} course={course} onWatch={setVideo} />
          ))}
        </Carousel>
      </div>
      {video && (
        <Suspense fallback={null}>
          <EnrolledVideoModal courseId={video.courseId} video={video.video} title={video.title} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

export default function EnrolledCoursesPage() {
  useDocumentMeta('Enrolled Courses', 'The courses you bought: watch their videos and download their files.');
  return (
    <DashboardPage title={messages.enrolledCourses}>
      <DashboardPanel id="enrolled-title" title={messages.enrolledCourses}>
        <EnrolledCourses />
      </DashboardPanel>
    </DashboardPage>
  );
}
