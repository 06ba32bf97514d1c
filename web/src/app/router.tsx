import { clientRoutes, matchClientRoute, type ClientRoute, type EmbedRoute } from '@meydan/proto';
import { Suspense, type ComponentType } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { FeedPage } from '../features/feed/FeedPage';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { LoginRoute } from '../features/feed/LoginRoute';
import { Layout } from '../layout/Layout';
import { RouteErrorBoundary } from '../layout/RouteErrorPage';
import { ScreenLoading } from '../layout/ScreenLoading';
import { lazyComponent, type LazyComponent } from '../ui/lazyComponent';

/**
 * A screen in its own chunk, fetched when first visited: only the feed (and the login route, which is the feed with
 * the login dialog) is in the first download of `/`; web/scripts/measure-initial-js.ts keeps that within budget.
 * `load()` fetches it before it is rendered (main.tsx), with the lazily loaded parts its first view draws (`parts`
 * of its module): then the screen renders at once, not behind its loading fallback (ui/lazyComponent.tsx).
 */
function lazyScreen<K extends string>(
  importer: () => Promise<Record<K, ComponentType> & { parts?: () => Promise<unknown> }>,
  name: K,
): LazyComponent<object> {
  return lazyComponent(async () => {
    const module = await importer();
    // A part that does not arrive fails in its own place when drawn, not the whole screen.
    await module.parts?.().catch(() => undefined);
    return module;
  }, name);
}

const AdminPage = lazyScreen(() => import('../features/admin/AdminPage'), 'AdminPage');
const ApiDocsPage = lazyScreen(() => import('../features/info/ApiDocsPage'), 'ApiDocsPage');
const BlogPage = lazyScreen(() => import('../features/info/BlogPage'), 'BlogPage');
const BlogPostPage = lazyScreen(() => import('../features/info/BlogPostPage'), 'BlogPostPage');
const ContactPage = lazyScreen(() => import('../features/info/ContactPage'), 'ContactPage');
const CookiePage = lazyScreen(() => import('../features/info/CookiePage'), 'CookiePage');
const DataProtectionPage = lazyScreen(() => import('../features/info/DataProtectionPage'), 'DataProtectionPage');
const FaqPage = lazyScreen(() => import('../features/info/FaqPage'), 'FaqPage');
const HelpCenterPage = lazyScreen(() => import('../features/info/HelpCenterPage'), 'HelpCenterPage');
const PrivacyPage = lazyScreen(() => import('../features/info/PrivacyPage'), 'PrivacyPage');
const SupportPage = lazyScreen(() => import('../features/info/SupportPage'), 'SupportPage');
const TermsPage = lazyScreen(() => import('../features/info/TermsPage'), 'TermsPage');
const EmbedSharePage = lazyScreen(() => import('../features/reach/EmbedPage'), 'EmbedSharePage');
const EmbedPollPage = lazyScreen(() => import('../features/reach/EmbedPage'), 'EmbedPollPage');
const PollPage = lazyScreen(() => import('../features/reach/PollPage'), 'PollPage');
const SearchPage = lazyScreen(() => import('../features/reach/SearchPage'), 'SearchPage');
const TagPage = lazyScreen(() => import('../features/reach/SearchPage'), 'TagPage');
const PresenterPage = lazyScreen(() => import('../features/reach/PresenterPage'), 'PresenterPage');
const ProfilePage = lazyScreen(() => import('../features/profile/ProfilePage'), 'ProfilePage');
const QuestionnairePage = lazyScreen(() => import('../features/questionnaire/QuestionnairePage'), 'QuestionnairePage');
const RegisterPage = lazyScreen(() => import('../features/register/RegisterPage'), 'RegisterPage');
const ResetPasswordPage = lazyScreen(() => import('../features/session/ResetPasswordPage'), 'ResetPasswordPage');
const SettingsPage = lazyScreen(() => import('../features/settings/SettingsPage'), 'SettingsPage');
const SharedPollPage = lazyScreen(() => import('../features/share-link/SharedPollPage'), 'SharedPollPage');

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
  '/profil/:username': ProfilePage,
  '/kisilik-testi': QuestionnairePage,
  '/ayarlar': SettingsPage,
  '/profil-ayarlari': SettingsPage,
  '/hesap-ayarlari': SettingsPage,
  '/register': RegisterPage,
  '/kayit': RegisterPage,
  '/login': LoginRoute,
  '/sifre-sifirla': ResetPasswordPage,
  '/s/:shortUrl': SharedPollPage,
  '/anket/:id': PollPage,
  '/sunum/:id': PresenterPage,
  '/ara': SearchPage,
  '/etiket/:tag': TagPage,
  '/yardim-merkezi': HelpCenterPage,
  '/iletisim': ContactPage,
  '/gizlilik-politikasi': PrivacyPage,
  '/kullanim-sartlari': TermsPage,
  '/gizlilik': DataProtectionPage,
  '/cerezler': CookiePage,
  '/sss': FaqPage,
  '/blog': BlogPage,
  '/blog/:slug': BlogPostPage,
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
  // Embeds live in another site's iframe: no header, no footer, only the poll (the gateway lets only these be framed).
  ...(
    [
      ['/embed/:code', EmbedSharePage],
      ['/embed/anket/:id', EmbedPollPage],
    ] satisfies [EmbedRoute, ComponentType][]
  ).map(
    ([path, Screen]): RouteObject => ({
      path,
      element: (
        <RouteErrorBoundary>
          <Suspense fallback={<ScreenLoading />}>
            <Screen />
          </Suspense>
        </RouteErrorBoundary>
      ),
    }),
  ),
  {
    element: (
      <RouteErrorBoundary>
        <Layout />
      </RouteErrorBoundary>
    ),
    children: [
      ...clientRoutes.map((path): RouteObject => {
        const Screen = screens[path];
        return {
          path,
          element: (
            <Suspense fallback={<ScreenLoading />}>
              <Screen />
            </Suspense>
          ),
        };
      }),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Fetches the code of the screen at `pathname` when it is in a chunk of its own; resolves at once otherwise. */
export function loadScreenOf(pathname: string): Promise<unknown> {
  const match = matchClientRoute(pathname);
  const screen = match ? (screens[match.route] as Partial<LazyComponent<object>>) : undefined;
  return screen?.load ? screen.load() : Promise.resolve();
}

/**
 * The screen of the browser's location, inside App's BrowserRouter. Not react-router's data router
 * (createBrowserRouter): its loaders, actions, fetchers and revalidation, which no screen uses, were over 17 kB gzip
 * of the first load of /; RouteErrorBoundary and layout/ScrollRestoration.tsx do the two things it did here.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
