import { type EnrolledCourse, type EnrolledVideo, messages } from '@shop/shared';
import { Link } from 'wouter';
import { CertificateLink } from './certificate-link';
import { DownloadItems } from './download-items';

export interface ChosenVideo {
  courseId: string;
  video: EnrolledVideo;
  title: string;
}

interface EnrolledCourseCardProps {
  course: EnrolledCourse;
  onWatch: (video: ChosenVideo) => void;
}

/**
 * One purchased course: thumbnail and title to its page, the learner's progress and a button into the
 * player (issue 14), then the spec's Download per file and 'Watch Video N' per video lesson (issue 32:
 * our own video in the protected player; a course without videos has no such button).
 */
export function EnrolledCourseCard({ course, onWatch }: EnrolledCourseCardProps) {
  const href = `/course-details/${course._id}`;
  return (
    <article className="enrolled-card" aria-labelledby={`enrolled-${course._id}`}>
      <Link to={href} className="enrolled-card-thumb" tabIndex={-1} aria-hidden="true">
        <img src={course.thumb} alt="" width={350} height={219} loading="lazy" decoding="async" />
      </Link>
      <div className="enrolled-card-body">
        <h3 id={`enrolled-${course._id}`} className="enrolled-card-title">
          <Link to={href}>{course.title}</Link>
        </h3>
        <div className="enrolled-progress">
          <label htmlFor={`progress-${course._id}`}>
            {messages.courseProgressLabel.replace('{percent}', String(course.progress.percent))}
          </label>
          <progress id={`progress-${course._id}`} max={100} value={course.progress.percent} />
        </div>
        <Link to={`/learn/${course._id}`} className="btn enrolled-continue" aria-describedby={`enrolled-${course._id}`}>
          {course.progress.completed > 0 ? messages.continueCourse : messages.startCourse}
        </Link>
        {course.certificateId && (
          <CertificateLink
            id={course.certificateId}
            className="btn btn-outline enrolled-certificate"
            describedBy={`enrolled-${course._id}`}
          />
        )}
        {course.files.length > 0 && (
          <ul className="enrolled-files" aria-label={`Files of ${course.title}`}>
            <DownloadItems files={course.files} className="btn btn-small enrolled-download" />
          </ul>
        )}
        {course.videos.length > 0 && (
          <ul className="enrolled-videos" aria-label={`Videos of ${course.title}`}>
            {course.videos.map((video, index) => {
              const label = messages.watchVideo.replace('{n}', String(index + 1));
              return (
                <li key={video.lessonId}>
                  <button
                    type="button"
                    className="btn btn-outline btn-small"
                    title={video.title}
                    onClick={() => onWatch({ courseId: course._id, video, title: `${course.title}: ${video.title}` })}
                  >
                    {label}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </article>
  );
}
