import { createBrowserRouter } from 'react-router';

/** Routes load lazily so the first page ships only what it shows. */
export const router = createBrowserRouter([
  { path: '/', lazy: () => import('./routes/home.tsx') },
  { path: '*', lazy: () => import('./routes/not-found.tsx') },
]);
