import { clientRoutes, type ClientRoute } from '@meydan/proto';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AdminPage } from '../features/admin/AdminPage';
import { FeedPage } from '../features/feed/FeedPage';
import { ApiDocsPage } from '../features/info/ApiDocsPage';
import { BlogPage } from '../features/info/BlogPage';
import { ContactPage } from '../features/info/ContactPage';
import { FaqPage } from '../features/info/FaqPage';
import { HelpCenterPage } from '../features/info/HelpCenterPage';
import { PrivacyPage } from '../features/info/PrivacyPage';
import { SupportPage } from '../features/info/SupportPage';
import { TermsPage } from '../features/info/TermsPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { ProfilePage } from '../features/profile/ProfilePage';
import { QuestionnairePage } from '../features/questionnaire/QuestionnairePage';
import { RegisterPage } from '../features/register/RegisterPage';
import { LoginRoute } from '../features/session/LoginRoute';
import { ResetPasswordPage } from '../features/session/ResetPasswordPage';
import { SettingsPage } from '../features/settings/SettingsPage';
import { SharedPollPage } from '../features/share-link/SharedPollPage';
import { Layout } from '../layout/Layout';
import { RouteErrorPage } from '../layout/RouteErrorPage';

/**
 * The screen for each client route. `clientRoutes` in @meydan/proto is the one list the gateway also serves;
 * typing this as a Record over it makes a route added there without a screen here a type error.
 */
const screens: Record<ClientRoute, ComponentType> = {
  '/': FeedPage,
  '/kesfet': FeedPage,
  '/trending': FeedPage,
  '/dost-meclisi': FeedPage,
  '/profil': ProfilePage,
  '/kisilik-testi': QuestionnairePage,
  '/ayarlar': SettingsPage,
  '/profil-ayarlari': SettingsPage,
  '/hesap-ayarlari': SettingsPage,
  '/register': RegisterPage,
  '/kayit': RegisterPage,
  '/login': LoginRoute,
  '/sifre-sifirla': ResetPasswordPage,
  '/s/:shortUrl': SharedPollPage,
  '/yardim-merkezi': HelpCenterPage,
  '/iletisim': ContactPage,
  '/gizlilik-politikasi': PrivacyPage,
  '/kullanim-sartlari': TermsPage,
  '/sss': FaqPage,
  '/blog': BlogPage,
  '/api-documentation': ApiDocsPage,
  '/api-dokumantasyonu': ApiDocsPage,
  '/destek': SupportPage,
  '/admin': AdminPage,
};

/**
 * react-router matches case-insensitively (routes are not `caseSensitive`) and ignores trailing slashes, so
 * '/KESFET/' renders the feed without any normalising; params such as the short link keep their case.
 * Layout additionally defers to `matchClientRoute`, so the few paths react-router alone would accept
 * ('/kesfet//') are not-found here just as they are 404 at the gateway.
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    children: [
      ...clientRoutes.map((path): RouteObject => {
        const Screen = screens[path];
        return { path, element: <Screen /> };
      }),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
