export { PlansOfCourse } from './plans-of-course';
