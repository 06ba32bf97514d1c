import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ThemeProvider } from '../theme/ThemeProvider';
import type { ThemeMode } from '../theme/themes';
import { AppRoutes } from './router';
import type { AppStore } from '../store/store';

/** The store and the palette around a router: the browser's (App) or the server's (src/entry-server.tsx). */
export function AppFrame({ store, theme, children }: { store: AppStore; theme?: ThemeMode; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider {...(theme ? { initialMode: theme } : {})}>{children}</ThemeProvider>
    </Provider>
  );
}

export function App({ store }: { store: AppStore }) {
  return (
    <AppFrame store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppFrame>
  );
}
