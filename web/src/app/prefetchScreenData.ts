import { matchClientRoute, OWN_USER_KEY } from '@meydan/proto';
import { pollsApi } from '../features/polls/pollsApi';
import { readLoggedOut } from '../features/session/loggedOutFlag';
import type { AppStore } from '../store/store';

/**
 * The data of the screen being opened, asked for at start-up alongside the screen's chunk (main.tsx, loadScreenOf)
 * instead of once that chunk has arrived and rendered: on a slow phone the chunk, its imports and the first render
 * take up to a second, and only then did these requests start. Same endpoints and arguments as the screens use, so
 * they find the answers cached (or those early-data.js asked for before this code ran). The profile's tabs, which it
 * draws right after its first view, are asked for here too; the browser fetches a module once, whoever imports it.
 */
export function prefetchScreenData(store: AppStore, pathname: string): void {
  const match = matchClientRoute(pathname);
  const param = (name: string) => match?.params[name] ?? '';
  switch (match?.route) {
    case '/anket/:id':
      void store.dispatch(pollsApi.util.prefetch('poll', param('id'), {}));
      break;
    // These two screens' endpoints come with their chunks; their data was asked for before this code ran
    // (web/early-data.js), and the endpoints, once here, take those answers.
    case '/s/:shortUrl':
      void import('../features/share-link/shareLinkApi').then(({ shareLinkApi }) =>
        store.dispatch(shareLinkApi.util.prefetch('shareLinkPoll', param('shortUrl'), {})),
      );
      break;
    // The own profile and polls by `me`, asked for beside the session rather than after it (not after an explicit
    // sign-out; a visitor's 401s are not used: the page asks them to sign in).
    case '/profil':
      void import('../features/profile/ProfileTabs');
      if (readLoggedOut()) break;
      void import('../features/profile/profileApi').then(({ profileApi }) => {
        void store.dispatch(profileApi.util.prefetch('userProfile', OWN_USER_KEY, {}));
        void store.dispatch(profileApi.util.prefetch('userPolls', OWN_USER_KEY, {}));
      });
      break;
  }
}
