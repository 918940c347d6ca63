/**
 * The courses module's face to the other modules (decision 0025): it owns a course's columns, mappers and
 * writes, and these are the calls the console, the catalogue, the import, the reviews and learning's structure
 * save make. Other
 * modules import from here, never from `repo.ts` (architecture.test.ts).
 */
export {
  countPublishedCourses,
  findCourseRow,
  findPublishedCourseIds,
  findPublishedCourses,
  insertCourse,
  setCoursePublished,
  updateCourse,
  updateDerivedCourseColumns,
  upsertCourse,
} from './repo.js';
