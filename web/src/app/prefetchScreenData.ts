import { matchClientRoute, OWN_USER_KEY } from '@meydan/proto';
import { pollsApi } from '../features/polls/pollsApi';
import { userPollsPath, userProfilePath } from '../features/profile/paths';
import { readLoggedOut } from '../features/session/loggedOutFlag';
import { shareLinkPollPath } from '../features/share-link/paths';
import { askEarly } from '../store/api';
import type { AppStore } from '../store/store';

/**
 * The data of the screen being opened, asked for at start-up alongside the screen's chunk instead of once that chunk
 * has arrived and rendered: on a slow phone the chunk, its imports and the first render take up to a second, and only
 * then did these requests start. Same endpoints and arguments as the screens use, so they find the answers cached.
 * The screen's own chunk is asked for here too, rather than once the first render reaches its lazy component
 * (router.tsx); the browser fetches a module once, whoever imports it.
 */
export function prefetchScreenData(store: AppStore, pathname: string): void {
  const match = matchClientRoute(pathname);
  const param = (name: string) => match?.params[name] ?? '';
  switch (match?.route) {
    case '/anket/:id':
      void import('../features/reach/PollPage');
      void store.dispatch(pollsApi.util.prefetch('poll', param('id'), {}));
      break;
    // These two screens' endpoints come with their chunks: their data is asked for at once (askEarly), and the
    // endpoints, once here, take those answers.
    case '/s/:shortUrl':
      askEarly(shareLinkPollPath(param('shortUrl')));
      void import('../features/share-link/SharedPollPage');
      void import('../features/share-link/shareLinkApi').then(({ shareLinkApi }) => store.dispatch(shareLinkApi.util.prefetch('shareLinkPoll', param('shortUrl'), {})));
      break;
    // The own profile and polls by `me`, asked for beside the session rather than after it (not after an explicit
    // sign-out; a visitor's 401s are not used: the page asks them to sign in).
    case '/profil':
      void import('../features/profile/ProfilePage');
      void import('../features/profile/ProfileTabs');
      if (readLoggedOut()) break;
      askEarly(userProfilePath(OWN_USER_KEY));
      askEarly(userPollsPath(OWN_USER_KEY));
      void import('../features/profile/profileApi').then(({ profileApi }) => {
        void store.dispatch(profileApi.util.prefetch('userProfile', OWN_USER_KEY, {}));
        void store.dispatch(profileApi.util.prefetch('userPolls', OWN_USER_KEY, {}));
      });
      break;
  }
}
