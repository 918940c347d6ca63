export { PlansOfCourse } from './plans-of-course';
export { PLAN_DISCLAIMER_ID, SubscribePanel } from './subscribe-panel';
