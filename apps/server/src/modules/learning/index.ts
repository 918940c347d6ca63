/**
 * The learning module's face to the course import: a course's sections and lessons as stored. Other
 * modules import from here or from learning's use cases, never from its repositories (architecture.test.ts).
 */
export { findLessons, findSections } from './lessons-repo.js';
