import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isCourseId, storedItems } from './stored-items';

/** The spec's local cart item (browser storage key 'cart'): what a visitor picked before signing in. */
export interface LocalCartItem {
  id: string;
  title: string;
  quantity: number;
}

export interface LocalCartState {
  items: LocalCartItem[];
}

export const CART_STORAGE_KEY = 'cart';

function isItem(value: unknown): value is LocalCartItem {
  const item = value as Partial<LocalCartItem> | null;
  return (
    isCourseId(item?.id) &&
    typeof item?.title === 'string' &&
    Number.isSafeInteger(item.quantity) &&
    (item.quantity ?? 0) > 0
  );
}

const stored = storedItems(CART_STORAGE_KEY, isItem);
/** Whatever is in browser storage, keeping only well-formed items: storage can be edited or stale. */
export const loadLocalCart = stored.load;

export const cartSlice = createSlice({
  name: 'cart',
  initialState: () => loadLocalCart(),
  reducers: {
    /** An item already in the cart gets one more; a new one starts at quantity 1. */
    addItem(state, action: PayloadAction<{ id: string; title: string }>) {
      const existing = state.items.find((item) => item.id === action.payload.id);
      if (existing) existing.quantity += 1;
      else state.items.push({ id: action.payload.id, title: action.payload.title, quantity: 1 });
    },
    /** Never below 1: removing is a separate, explicit action. */
    decreaseItem(state, action: PayloadAction<string>) {
      const existing = state.items.find((item) => item.id === action.payload);
      if (existing && existing.quantity > 1) existing.quantity -= 1;
    },
    removeItems(state, action: PayloadAction<string[]>) {
      const gone = new Set(action.payload);
      state.items = state.items.filter((item) => !gone.has(item.id));
    },
    clearItems(state) {
      state.items = [];
    },
  },
  selectors: {
    selectLocalCartItems: (state) => state.items,
  },
});

export const { addItem, decreaseItem, removeItems, clearItems } = cartSlice.actions;
export const { selectLocalCartItems } = cartSlice.selectors;

/** Every change to the local cart is written to browser storage. */
export const cartStorage = stored.saver(cartSlice);
