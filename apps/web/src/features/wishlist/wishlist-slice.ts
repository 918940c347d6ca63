import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isCourseId, storedItems } from '../cart';

/** The spec's wishlist item (browser storage key 'wishlist'); price in rupees as the API gives it. */
export interface WishlistItem {
  id: string;
  title: string;
  thumb: string;
  price: number;
}

export interface WishlistState {
  items: WishlistItem[];
}

export const WISHLIST_STORAGE_KEY = 'wishlist';

function isItem(value: unknown): value is WishlistItem {
  const item = value as Partial<WishlistItem> | null;
  return (
    isCourseId(item?.id) &&
    typeof item?.title === 'string' &&
    typeof item.thumb === 'string' &&
    typeof item.price === 'number' &&
    Number.isFinite(item.price) &&
    item.price >= 0
  );
}

const stored = storedItems(WISHLIST_STORAGE_KEY, isItem);
/** Whatever is in browser storage, keeping only well-formed items: storage can be edited or stale. */
export const loadWishlist = stored.load;

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState: () => loadWishlist(),
  reducers: {
    /** A course already on the list stays once; the caller tells the user it is already there. */
    addItem(state, action: PayloadAction<WishlistItem>) {
      if (!state.items.some((item) => item.id === action.payload.id)) state.items.push(action.payload);
    },
    removeItem(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    clearItems(state) {
      state.items = [];
    },
  },
  selectors: {
    selectWishlistItems: (state) => state.items,
  },
});

export const { addItem, removeItem, clearItems } = wishlistSlice.actions;
export const { selectWishlistItems } = wishlistSlice.selectors;

/** Every change to the wishlist is written to browser storage. */
export const wishlistStorage = stored.saver(wishlistSlice);
