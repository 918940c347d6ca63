import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { readInitialData, seedQueries } from './app/initial-data';
import { AppRoutes, loadPageOf } from './app/router';
import { store } from './app/store';
import './app/styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <Provider store={store}>
      <AppRoutes />
    </Provider>
  </StrictMode>
);

// A public page comes drawn by the server (decision 0026): the browser takes over that HTML with the
// data it was drawn with and the page's code loaded first, so its first render matches it.
const initialData = readInitialData();
if (root.firstElementChild) {
  seedQueries(store.dispatch, initialData);
  loadPageOf(location.pathname).then(
    () => hydrateRoot(root, app),
    () => hydrateRoot(root, app),
  );
} else if (initialData.length > 0) {
  // A page the browser draws with data of its own (the learner's player): its code first, which brings
  // the data's endpoint, then the data, then one render with both.
  const draw = () => {
    seedQueries(store.dispatch, initialData);
    createRoot(root).render(app);
  };
  loadPageOf(location.pathname, { layout: false }).then(draw, draw);
} else {
  createRoot(root).render(app);
}
