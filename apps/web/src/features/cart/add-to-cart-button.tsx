import { messages } from '@shop/shared';

/** The details page's Add to Cart button; the cart behaviour arrives with the cart feature. */
export function AddToCartButton({ courseId }: { courseId: string }) {
  return (
    <button type="button" className="btn btn-block" data-course-id={courseId} disabled title="Coming with the cart">
      {messages.addToCart}
    </button>
  );
}
