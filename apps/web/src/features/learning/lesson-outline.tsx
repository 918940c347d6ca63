import { type LearnSection, messages } from '@shop/shared';
import { Link } from 'wouter';
import { LockIcon } from '../../components/ui/icons';
import { lessonOpensOn } from './lesson-opens-on';

interface LessonOutlineProps {
  courseId: string;
  sections: LearnSection[];
  currentId: string;
  onPick: () => void;
}

/**
 * Sections and their lessons, each a link with its completion tick; the open lesson is marked as current.
 * A lesson not open yet is no link: a lock, its title and the day it opens.
 */
export function LessonOutline({ courseId, sections, currentId, onPick }: LessonOutlineProps) {
  return (
    <div className="outline-sections">
      {sections.map((section) => (
        <section key={section.id} className="outline-section" aria-labelledby={`section-${section.id}`}>
          <h2 id={`section-${section.id}`} className="outline-section-title">
            {section.title}
          </h2>
          <ol className="outline-lessons">
            {section.lessons.map((lesson) => (
              <li key={lesson.id}>
                {lesson.availableAt ? (
                  // Not open yet: no link to follow, its title and the day it opens read as one item.
                  <div className="outline-lesson is-locked" aria-current={lesson.id === currentId ? 'page' : undefined}>
                    <span className="outline-tick outline-lock">
                      <LockIcon size={14} />
                      <span className="visually-hidden">{messages.lessonLockedLabel}: </span>
                    </span>
                    <span className="outline-lesson-title">
                      {lesson.title}
                      <span className="outline-opens">{lessonOpensOn(lesson.availableAt)}</span>
                    </span>
                    {lesson.duration && <span className="outline-duration">{lesson.duration}</span>}
                  </div>
                ) : (
                  <Link
                    to={`/learn/${courseId}/${lesson.id}`}
                    className={`outline-lesson${lesson.completed ? ' is-complete' : ''}`}
                    aria-current={lesson.id === currentId ? 'page' : undefined}
                    onClick={onPick}
                  >
                    <span className="outline-tick" aria-hidden="true">
                      {lesson.completed ? '✓' : ''}
                    </span>
                    <span className="outline-lesson-title">
                      {lesson.title}
                      {lesson.completed && <span className="visually-hidden"> ({messages.lessonCompletedTick})</span>}
                    </span>
                    {lesson.duration && <span className="outline-duration">{lesson.duration}</span>}
                  </Link>
                )}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
