import { messages } from '@shop/shared';
import { toast } from '../../components/ui/toast';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import {
  addItem,
  clearItems,
  decreaseItem,
  type LocalCartCohort,
  removeItems,
  selectLocalCartItems,
} from './cart-slice';

/** The visitor's browser cart with the spec's toasts and the confirmation before clearing. */
export function useLocalCart() {
  const items = useAppSelector(selectLocalCartItems);
  const dispatch = useAppDispatch();
  return {
    items,
    add(course: { id: string; title: string; cohort?: LocalCartCohort }) {
      const existing = items.some((item) => item.id === course.id);
      dispatch(addItem(course));
      if (existing && course.cohort) toast.success(`${course.title} ${messages.addedToCart}`);
      else if (existing) toast.info(messages.increaseQuantity);
      else toast.success(`${course.title} ${messages.addedToCart}`);
    },
    decrease(id: string) {
      if ((items.find((item) => item.id === id)?.quantity ?? 0) <= 1) return;
      dispatch(decreaseItem(id));
      toast.info(messages.decreaseQuantity);
    },
    remove(id: string) {
      dispatch(removeItems([id]));
      toast.info(messages.removeFromCart);
    },
    clear() {
      if (window.confirm(messages.clearCartConfirm)) dispatch(clearItems());
    },
  };
}
