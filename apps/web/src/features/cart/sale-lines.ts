import type { Cart } from '@shop/shared';

/** One priced line of the cart: a course sold alone, or a bundle at its price (issue 34). */
export interface SaleLine {
  _id: string;
  title: string;
  /** Rupees, as the API gives every price. */
  price: number;
}

/**
 * The cart's lines in the order the server charges them: the courses, then each bundle as one line.
 * The cart page, the checkout summary and the amount sent to the server all take their figures from here.
 */
export function saleLines(cart: Cart): SaleLine[] {
  return [
    ...cart.courses.map(({ courseId: course }) => ({ _id: course._id, title: course.title, price: course.price })),
    ...(cart.bundles ?? []).map((bundle) => ({ _id: bundle._id, title: bundle.title, price: bundle.price })),
  ];
}
