import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { useFakeLocalStorage } from '../cart/fake-local-storage';
import {
  addItem,
  clearItems,
  loadWishlist,
  removeItem,
  WISHLIST_STORAGE_KEY,
  wishlistSlice,
  wishlistStorage,
} from './wishlist-slice';

const A = { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', title: 'Course A', thumb: '/a.svg', price: 4999 };
const B = { id: 'bbbbbbbbbbbbbbbbbbbbbbbb', title: 'Course B', thumb: '/b.svg', price: 999.5 };
const reduce = wishlistSlice.reducer;

describe('wishlist rules', () => {
  it('adding a course twice keeps it once', () => {
    const state = reduce(reduce(reduce({ items: [] }, addItem(A)), addItem(A)), addItem(B));
    expect(state.items).toEqual([A, B]);
  });

  it('removes one course, or clears them all', () => {
    const both = reduce(reduce({ items: [] }, addItem(A)), addItem(B));
    expect(reduce(both, removeItem(A.id)).items).toEqual([B]);
    expect(reduce(both, clearItems()).items).toEqual([]);
  });
});

describe('browser storage', () => {
  const storage = useFakeLocalStorage();

  it("every change is saved under the key 'wishlist' and read back at start", () => {
    const store = configureStore({
      reducer: { wishlist: wishlistSlice.reducer },
      middleware: (getDefault) => getDefault().prepend(wishlistStorage.middleware),
    });
    store.dispatch(addItem(A));
    store.dispatch(addItem(B));
    store.dispatch(removeItem(A.id));
    expect(JSON.parse(storage.get(WISHLIST_STORAGE_KEY) ?? '')).toEqual([B]);
    expect(loadWishlist().items).toEqual([B]);
  });

  it('ignores broken or tampered storage instead of failing', () => {
    storage.set(WISHLIST_STORAGE_KEY, 'null');
    expect(loadWishlist().items).toEqual([]);
    storage.set(WISHLIST_STORAGE_KEY, JSON.stringify([A, { ...B, price: 'free' }, { ...B, id: '../x' }]));
    expect(loadWishlist().items).toEqual([A]);
  });
});
