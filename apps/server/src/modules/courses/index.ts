/**
 * The courses module's face to the other modules (decision 0025): it owns a course's columns, mappers and
 * writes, and these are the calls the console, the catalogue, the import and the reviews make. Other
 * modules import from here, never from `repo.ts` (architecture.test.ts).
 */
export {
  countPublishedCourses,
  findCourseRow,
  findPublishedCourses,
  insertCourse,
  setCoursePublished,
  updateCourse,
  upsertCourse,
} from './repo.js';
