import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isCourseId, storedItems } from './stored-items';

/** The spec's local cart item (browser storage key 'cart'): what a visitor picked before signing in. */
export interface LocalCartItem {
  id: string;
  title: string;
  quantity: number;
  /** The cohort picked for a course that runs in cohorts (issue 35): moved with the course at sign-in. */
  cohort?: LocalCartCohort;
}

export interface LocalCartCohort {
  id: string;
  title: string;
  startsOn: string;
}

function isCohort(value: unknown): value is LocalCartCohort {
  const cohort = value as Partial<LocalCartCohort> | null;
  return isCourseId(cohort?.id) && typeof cohort?.title === 'string' && typeof cohort?.startsOn === 'string';
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
    (item.quantity ?? 0) > 0 &&
    (item.cohort === undefined || isCohort(item.cohort))
  );
}

const stored = storedItems(CART_STORAGE_KEY, isItem);
/** Whatever is in browser storage, keeping only well-formed items: storage can be edited or stale. */
export const loadLocalCart = stored.load;

export const cartSlice = createSlice({
  name: 'cart',
  initialState: () => loadLocalCart(),
  reducers: {
    /**
     * An item already in the cart gets one more; a new one starts at quantity 1. A course that runs in
     * cohorts is one seat: adding it again with another cohort switches the cohort.
     */
    addItem(state, action: PayloadAction<{ id: string; title: string; cohort?: LocalCartCohort }>) {
      const { id, title, cohort } = action.payload;
      const existing = state.items.find((item) => item.id === id);
      if (existing && cohort) existing.cohort = cohort;
      else if (existing) existing.quantity += 1;
      else state.items.push({ id, title, quantity: 1, ...(cohort ? { cohort } : {}) });
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
