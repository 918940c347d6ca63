import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { cartSlice, cartStorage } from '../features/cart/cart-slice';
import { wishlistSlice, wishlistStorage } from '../features/wishlist/wishlist-slice';
import { api } from '../lib/api';

/** The RTK Query cache and the feature slices (session, cart, wishlist) as they arrive: one line each. */
export const rootReducer = combineSlices(api, cartSlice, wishlistSlice);

/** One store per page load; the server makes one per page it renders (entry-server.tsx). */
export function createStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault().prepend(cartStorage.middleware, wishlistStorage.middleware).concat(api.middleware),
  });
}

export const store = createStore();

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = typeof store.dispatch;
