/**
 * What other features may use of learning: the course page's enrolment check, curriculum and free
 * previews. The preview player (`preview-video-modal.tsx`) is loaded lazily by its own path, so that it
 * stays a chunk of its own.
 */
export { useGetEnrolledCoursesQuery } from './api';
export { CurriculumPreview } from './curriculum-preview';
export { useGetPreviewLessonsQuery } from './learn-api';
