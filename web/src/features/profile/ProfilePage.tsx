import { OWN_USER_KEY, type UserProfile } from '@meydan/proto';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { apiErrorMessage, apiErrorStatus } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { tr } from '../../i18n/tr';
import { trProfile } from '../../i18n/tr-profile';
import { Button } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { nameOf } from '../../lib/avatar';
import type { FollowDirection } from '../follow/followApi';
import { useCurrentUser } from '../session/sessionApi';
import { dialogOpened } from '../../store/uiSlice';
import { PersonalizationBanner } from './PersonalizationBanner';
import { useUserPollsQuery, useUserProfileQuery } from './profileApi';
import { othersTabs, ownTabs, type TabKey } from './tabs';
import { WelcomeCard } from './WelcomeCard';

/** The parts below the member's card, each loaded beside the profile rather than in it (ProfileTabs.tsx says why). */
const ProfileTabs = lazy(async () => ({ default: (await import('./ProfileTabs')).ProfileTabs }));
const FollowersDialog = lazy(async () => ({ default: (await import('../follow/FollowersDialog')).FollowersDialog }));
const PollDialog = lazy(async () => ({ default: (await import('./PollDialog')).PollDialog }));

/** `/profil` (yourself; visitors are asked to sign in) and `/profil/{username}` (anyone, any case). */
export function ProfilePage() {
  const { username } = useParams();
  const { user } = useCurrentUser();
  const dispatch = useAppDispatch();
  // The own profile by `me`, as prefetchScreenData asks for it alongside the session (not after it).
  const key = username ?? (user ? OWN_USER_KEY : undefined);
  const { data: profile, error, isLoading } = useUserProfileQuery(key ?? '', { skip: !key });

  if (!username && user === null) {
    return (
      <Page title={trProfile.profile.signInTitle}>
        <p>{trProfile.profile.signInText}</p>
        <div>
          <Button onClick={() => dispatch(dialogOpened({ kind: 'login' }))}>{trProfile.profile.signIn}</Button>
        </div>
      </Page>
    );
  }
  if (!key || isLoading)
    return <Page title={tr.pages.profile}>{<p role="status">{trProfile.profile.loading}</p>}</Page>;
  if (!profile) {
    return (
      <Page title={tr.pages.profile}>
        <p role="alert">
          {apiErrorStatus(error) === 404
            ? (apiErrorMessage(error) ?? trProfile.profile.loadFailed)
            : trProfile.profile.loadFailed}
        </p>
      </Page>
    );
  }
  return <Profile profile={profile} own={user?.id === profile.id} pollsKey={username ? profile.id : OWN_USER_KEY} />;
}

function Profile({ profile, own, pollsKey }: { profile: UserProfile; own: boolean; pollsKey: string }) {
  const [people, setPeople] = useState<FollowDirection | null>(null);
  const [peopleTab, setPeopleTab] = useState<FollowDirection>('followers');
  const name = nameOf(profile);
  const { tabs, tab, pollId, selectTab, closePoll } = useProfileParams(own);
  const polls = useUserPollsQuery(pollsKey);
  const privateProfile = apiErrorStatus(polls.error) === 403;
  // The card and banner (the top of the screen) are painted first; the tabs and their lists, the larger part of the
  // render, come in the render React does right after, rather than holding that first paint back on a slow phone.
  const showTabs = useDeferredValue(true, false);

  const tabsPlaceholder = <TabsPlaceholder role="status">{trProfile.profile.loading}</TabsPlaceholder>;

  const openPeople = (direction: FollowDirection) => {
    setPeopleTab(direction);
    setPeople(direction);
  };

  return (
    <Page title={own ? tr.pages.profile : name}>
      <WelcomeCard profile={profile} own={own} onOpenPeople={openPeople} />
      {own ? <PersonalizationBanner profile={profile} /> : null}
      {privateProfile ? (
        <Private role="status" data-private>
          <strong>{trProfile.profile.privateTitle}</strong>
          <span>{apiErrorMessage(polls.error)}</span>
        </Private>
      ) : (
        <Suspense fallback={tabsPlaceholder}>
          {showTabs ? (
            <ProfileTabs profile={profile} own={own} tabs={tabs} tab={tab} polls={polls} onSelect={selectTab} />
          ) : (
            tabsPlaceholder
          )}
        </Suspense>
      )}
      <Suspense fallback={null}>
        <FollowersDialog
          open={people !== null}
          onOpenChange={(open) => setPeople(open ? peopleTab : null)}
          userId={profile.id}
          name={name}
          tab={peopleTab}
          onTabChange={setPeopleTab}
        />
      </Suspense>
      {pollId ? (
        <Suspense fallback={null}>
          <PollDialog pollId={pollId} onClose={closePoll} />
        </Suspense>
      ) : null}
    </Page>
  );
}

/** The tab (`?sekme=`) and the poll opened from a notification (`?anket=`), both kept in the address. */
function useProfileParams(own: boolean) {
  const [params, setParams] = useSearchParams();
  const tabs: readonly TabKey[] = own ? ownTabs : othersTabs;
  const requested = params.get('sekme') as TabKey | null;
  const tab: TabKey = requested && tabs.includes(requested) ? requested : 'anketler';
  const pollId = params.get('anket');
  const selectTab = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('sekme', value);
      return next;
    });
  const closePoll = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('anket');
      return next;
    });
  return { tabs, tab, pollId, selectTab, closePoll };
}

const Private = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  padding: 1.5rem;
  text-align: center;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};

  strong { color: ${({ theme }) => theme.colors.text}; font-size: 1.125rem; }
`;

/** Where the tabs come while their file is on its way: about their height, so the page below does not jump. */
const TabsPlaceholder = styled.p`
  min-height: 16rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
