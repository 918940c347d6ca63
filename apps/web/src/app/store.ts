import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from './api';

/** The RTK Query cache and the feature slices (session, cart, wishlist) as they arrive: one line each. */
export const rootReducer = combineSlices(api);

export const store = configureStore({
  reducer: rootReducer,
  middleware: (getDefault) => getDefault().concat(api.middleware),
});

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = typeof store.dispatch;
