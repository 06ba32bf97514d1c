import { matchClientRoute, type User } from '@meydan/proto';
import { pollsApi } from '../features/polls/pollsApi';
import type { AppStore } from '../store/store';

/**
 * The data of the screen being opened, asked for at start-up alongside the screen's chunk instead of once that chunk
 * has arrived and rendered: on a slow phone the chunk, its imports and the first render take up to a second, and only
 * then did these requests start. Same endpoints and arguments as the screens use, so they find the answers cached.
 * The screen's own chunk is asked for here too, rather than once the first render reaches its lazy component
 * (router.tsx); the browser fetches a module once, whoever imports it.
 */
export function prefetchScreenData(store: AppStore, session: PromiseLike<{ data?: User | null }>, pathname: string): void {
  const match = matchClientRoute(pathname);
  const param = (name: string) => match?.params[name] ?? '';
  switch (match?.route) {
    case '/anket/:id':
      void import('../features/reach/PollPage');
      void store.dispatch(pollsApi.util.prefetch('poll', param('id'), {}));
      break;
    case '/s/:shortUrl':
      void import('../features/share-link/SharedPollPage');
      void import('../features/share-link/shareLinkApi').then(({ shareLinkApi }) => store.dispatch(shareLinkApi.util.prefetch('shareLinkPoll', param('shortUrl'), {})));
      break;
    // The own profile waits on the session first (its id), then on the profile and the polls.
    case '/profil':
      void import('../features/profile/ProfilePage');
      void Promise.all([session, import('../features/profile/profileApi')]).then(([{ data: user }, { profileApi }]) => {
        if (!user) return;
        void store.dispatch(profileApi.util.prefetch('userProfile', user.id, {}));
        void store.dispatch(profileApi.util.prefetch('userPolls', user.id, {}));
      });
      break;
  }
}
