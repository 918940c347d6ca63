import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import {
  addItem,
  CART_STORAGE_KEY,
  cartSlice,
  cartStorage,
  clearItems,
  decreaseItem,
  loadLocalCart,
  removeItems,
} from './cart-slice';
import { useFakeLocalStorage } from './fake-local-storage';

const A = { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Course A' };
const B = { id: 'bbbbbbbbbbbbbbbbbbbbbbbb', title: 'Course B' };
const reduce = cartSlice.reducer;
const empty = { items: [] };

describe('local cart rules', () => {
  it('a new course starts at quantity 1; adding it again raises the quantity', () => {
    let state = reduce(empty, addItem(A));
    expect(state.items).toEqual([{ ...A, quantity: 1 }]);
    state = reduce(state, addItem(A));
    state = reduce(state, addItem(B));
    expect(state.items).toEqual([
      { ...A, quantity: 2 },
      { ...B, quantity: 1 },
    ]);
  });

  it('decreasing works only while the quantity is above 1', () => {
    let state = reduce(reduce(reduce(empty, addItem(A)), addItem(A)), decreaseItem(A.id));
    expect(state.items[0]?.quantity).toBe(1);
    state = reduce(state, decreaseItem(A.id));
    expect(state.items).toEqual([{ ...A, quantity: 1 }]);
  });

  it('removes one course, or clears them all', () => {
    const both = reduce(reduce(empty, addItem(A)), addItem(B));
    expect(reduce(both, removeItems([A.id])).items).toEqual([{ ...B, quantity: 1 }]);
    expect(reduce(both, clearItems()).items).toEqual([]);
  });
});

describe('browser storage', () => {
  const storage = useFakeLocalStorage();

  it("every change is saved under the key 'cart' and read back at start", () => {
    const store = configureStore({
      reducer: { cart: cartSlice.reducer },
      middleware: (getDefault) => getDefault().prepend(cartStorage.middleware),
    });
    store.dispatch(addItem(A));
    store.dispatch(addItem(A));
    expect(JSON.parse(storage.get(CART_STORAGE_KEY) ?? '')).toEqual([{ ...A, quantity: 2 }]);
    expect(loadLocalCart().items).toEqual([{ ...A, quantity: 2 }]);
    store.dispatch(clearItems());
    expect(storage.get(CART_STORAGE_KEY)).toBe('[]');
  });

  it('ignores broken or tampered storage instead of failing', () => {
    storage.set(CART_STORAGE_KEY, '{not json');
    expect(loadLocalCart().items).toEqual([]);
    storage.set(
      CART_STORAGE_KEY,
      JSON.stringify([{ ...A, quantity: 1 }, { id: 'x', title: 'bad id', quantity: 1 }, { ...B, quantity: -1 }, null]),
    );
    expect(loadLocalCart().items).toEqual([{ ...A, quantity: 1 }]);
  });
});
