export { PlanLayout } from './plan-layout';
export { PlansOfCourse } from './plans-of-course';
export { SubscribePanel } from './subscribe-panel';
