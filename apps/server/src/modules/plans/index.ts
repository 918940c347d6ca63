/**
 * The plans module's face to the other modules (issue 34): what a membership plan is, costs and includes.
 * The subscriptions ask it; they never read its tables. The console's and the shop's routes are its own.
 */

/** The courses an instalment plan sells (decision 0038): its course, or its bundle's; none for a membership plan. */
export { findInstalmentCourseIds as instalmentCoursesOf, setOfferCourses } from './instalments-repo.js';
export {
  findPlanForSale,
  type PlanForSale,
  planIncludesCourse,
  planInvoiceName,
  planSummary,
} from './plan-for-sale.js';
export { findInstalmentOffer, type OfferedItem } from './save-instalments.js';
