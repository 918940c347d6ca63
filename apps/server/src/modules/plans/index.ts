/**
 * The plans module's face to the other modules (issue 34): what a membership plan is, costs and includes.
 * The subscriptions ask it; they never read its tables. The console's and the shop's routes are its own.
 */
export {
  findPlanForSale,
  instalmentCourseOf,
  type PlanForSale,
  planIncludesCourse,
  planInvoiceName,
  planSummary,
} from './plan-for-sale.js';
export { findInstalmentOffer } from './save-instalments.js';
