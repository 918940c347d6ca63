import { messages } from '@shop/shared';
import { toast } from '../../components/ui/toast';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { addItem, clearItems, removeItem, selectWishlistItems, type WishlistItem } from './wishlist-slice';

/** The wishlist with the spec's toasts: a duplicate is only reported, never added twice. */
export function useWishlist() {
  const items = useAppSelector(selectWishlistItems);
  const dispatch = useAppDispatch();
  return {
    items,
    has: (id: string) => items.some((item) => item.id === id),
    add(item: WishlistItem) {
      if (items.some((existing) => existing.id === item.id)) {
        toast.info(`${item.title} ${messages.alreadyInWishlist}`);
        return;
      }
      dispatch(addItem(item));
      toast.success(`${item.title} ${messages.addedToWishlist}`);
    },
    remove(id: string) {
      dispatch(removeItem(id));
      toast.info(messages.removedFromWishlist);
    },
    clear() {
      dispatch(clearItems());
    },
  };
}
