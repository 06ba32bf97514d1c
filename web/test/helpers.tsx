import { render } from '@testing-library/react';
import { App } from '../src/app/App';
import { createAppRouter } from '../src/app/router';
import { createStore } from '../src/app/store';

/** Renders the whole app with the real browser router, as if the browser had opened `path`. */
export function renderAppAt(path: string) {
  // ScrollRestoration scrolls on navigation; jsdom does not implement scrolling.
  window.scrollTo = () => {};
  window.history.replaceState(null, '', path);
  const store = createStore();
  const router = createAppRouter();
  const view = render(<App store={store} router={router} />);
  return { ...view, store, router };
}
