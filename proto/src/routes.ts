/**
 * Client (SPA) routes of the specs. The gateway answers these with the SPA shell (200); any other
 * non-API path also gets the shell, with status 404, and the SPA shows its not-found page.
 * Matching is case-insensitive and tolerates one trailing slash.
 */
export const clientRoutes = [
  '/',
  '/kesfet',
  '/trending',
  '/dost-meclisi',
  '/profil',
  '/profil/:username',
  '/kisilik-testi',
  '/ayarlar',
  '/profil-ayarlari',
  '/hesap-ayarlari',
  '/register',
  '/kayit',
  '/login',
  '/sifre-sifirla',
  '/s/:shortUrl',
  '/anket/:id',
  '/sunum/:id',
  '/ara',
  '/etiket/:tag',
  '/yardim-merkezi',
  '/iletisim',
  '/gizlilik-politikasi',
  '/kullanim-sartlari',
  '/gizlilik',
  '/cerezler',
  '/sss',
  '/blog',
  '/blog/:slug',
  '/api-documentation',
  '/api-dokumantasyonu',
  '/destek',
  '/admin',
] as const;

export type ClientRoute = (typeof clientRoutes)[number];

/** Pages made to live in an iframe on another site: the only routes other sites may frame. */
export const embedRoutes = ['/embed/:code', '/embed/anket/:id'] as const;

export type EmbedRoute = (typeof embedRoutes)[number];

/** The route of `routes` a path matches (case-insensitive, trailing slash tolerated), or null (also for a malformed escape). */
function matchRouteIn<R extends string>(
  routes: readonly R[],
  pathname: string,
): { route: R; params: Record<string, string> } | null {
  let path = pathname.split(/[?#]/)[0] ?? '/';
  if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  const parts = path.split('/').slice(1);
  for (const route of routes) {
    const routeParts = route.split('/').slice(1);
    if (route === '/' ? path === '/' || path === '' : routeParts.length === parts.length) {
      const params: Record<string, string> = {};
      const ok = routeParts.every((seg, i) => {
        const part = parts[i] ?? '';
        if (seg.startsWith(':')) {
          if (!part) return false;
          try {
            params[seg.slice(1)] = decodeURIComponent(part);
          } catch {
            return false; // a malformed escape (`/s/%E0`) names no route: the not-found page, not an error
          }
          return true;
        }
        return seg.toLowerCase() === part.toLowerCase();
      });
      if (ok) return { route, params };
    }
  }
  return null;
}

/** Returns the client route a path matches (case-insensitive, trailing slash tolerated), or null (also for a malformed escape). */
export function matchClientRoute(pathname: string): { route: ClientRoute; params: Record<string, string> } | null {
  return matchRouteIn(clientRoutes, pathname);
}

/** Returns the embed route a path matches, as `matchClientRoute` does. */
export function matchEmbedRoute(pathname: string): { route: EmbedRoute; params: Record<string, string> } | null {
  return matchRouteIn(embedRoutes, pathname);
}
