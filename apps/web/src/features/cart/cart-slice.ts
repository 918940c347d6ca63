import { createListenerMiddleware, createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';

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
const COURSE_ID = /^[a-f0-9]{24}$/;

function isItem(value: unknown): value is LocalCartItem {
  const item = value as Partial<LocalCartItem> | null;
  return (
    typeof item?.id === 'string' &&
    COURSE_ID.test(item.id) &&
    typeof item.title === 'string' &&
    Number.isSafeInteger(item.quantity) &&
    (item.quantity ?? 0) > 0
  );
}

/** Whatever is in browser storage, keeping only well-formed items: storage can be edited or stale. */
export function loadLocalCart(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): LocalCartState {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CART_STORAGE_KEY) ?? '[]');
    return { items: Array.isArray(parsed) ? parsed.filter(isItem) : [] };
  } catch {
    return { items: [] };
  }
}

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
export const cartStorage = createListenerMiddleware();
cartStorage.startListening({
  matcher: isAnyOf(addItem, decreaseItem, removeItems, clearItems),
  effect: (_action, listenerApi) => {
    const { items } = cartSlice.selectSlice(listenerApi.getState() as { cart: LocalCartState });
    try {
      localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
    } catch {
      // storage full or disabled (private mode): the cart still works for this visit
    }
  },
});
