import { OWN_USER_KEY, type Poll, type UserProfile } from '@meydan/proto';
import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { apiErrorMessage, apiErrorStatus } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { tr } from '../../i18n/tr';
import { trProfile } from '../../i18n/tr-profile';
import { Button } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { nameOf } from '../../lib/avatar';
import { Modal } from '../../ui/Modal';
import { FollowersDialog, PeopleList, Tab } from '../follow/FollowersDialog';
import type { FollowDirection } from '../follow/followApi';
import { PollCard } from '../polls/PollCard';
import { usePollQuery } from '../polls/pollsApi';
import { useCurrentUser } from '../session/sessionApi';
import { dialogOpened } from '../../store/uiSlice';
import { FollowRequests } from './FollowRequests';
import { NotificationsTab } from './NotificationsTab';
import { PersonalizationBanner } from './PersonalizationBanner';
import { Empty, PollList } from './PollList';
import { useUserPollsQuery, useUserProfileQuery } from './profileApi';
import { SettingsTab } from './SettingsTab';
import { VotesList } from './VotesList';
import { WelcomeCard } from './WelcomeCard';

/** The tabs in their order, by the `?sekme=` value that selects them (notification links use `takipciler`). */
const ownTabs = ['anketler', 'paylasilabilir', 'oylar', 'takipciler', 'takip', 'bildirimler', 'ayarlar'] as const;
const othersTabs = ['anketler', 'takipciler', 'takip'] as const;
type TabKey = (typeof ownTabs)[number];

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
  if (!key || isLoading) return <Page title={tr.pages.profile}>{<p role="status">{trProfile.profile.loading}</p>}</Page>;
  if (!profile) {
    return (
      <Page title={tr.pages.profile}>
        <p role="alert">{apiErrorStatus(error) === 404 ? (apiErrorMessage(error) ?? trProfile.profile.loadFailed) : trProfile.profile.loadFailed}</p>
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
        <ProfileTabs profile={profile} own={own} tabs={tabs} tab={tab} polls={polls} onSelect={selectTab} />
      )}
      <FollowersDialog
        open={people !== null}
        onOpenChange={(open) => setPeople(open ? peopleTab : null)}
        userId={profile.id}
        name={name}
        tab={peopleTab}
        onTabChange={setPeopleTab}
      />
      {pollId ? <PollDialog pollId={pollId} onClose={closePoll} /> : null}
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

interface ProfileTabsProps {
  profile: UserProfile;
  own: boolean;
  tabs: readonly TabKey[];
  tab: TabKey;
  /** The member's polls as the query holds them (the private profile's refusal is handled before). */
  polls: { data?: Poll[] | undefined; isError: boolean; isLoading: boolean };
  onSelect: (value: string) => void;
}

/** The tabs; a list tab loads only once it is chosen. */
function ProfileTabs({ profile, own, tabs, tab, polls, onSelect }: ProfileTabsProps) {
  const normal = (polls.data ?? []).filter((p) => !p.isShareable);
  const shareable = (polls.data ?? []).filter((p) => p.isShareable);
  const t = trProfile.profile.tabs;
  const labels: Record<TabKey, string> = {
    anketler: trProfile.profile.withCount(own ? t.polls : trProfile.profile.othersPolls, normal.length),
    paylasilabilir: trProfile.profile.withCount(t.shareable, shareable.length),
    oylar: trProfile.profile.withCount(t.votes, profile.votesCount ?? 0),
    takipciler: t.followers,
    takip: t.following,
    bildirimler: t.notifications,
    ayarlar: t.settings,
  };
  return (
    <Tabs.Root value={tab} onValueChange={onSelect}>
      <TabList aria-label={trProfile.profile.tabsLabel}>
        {tabs.map((key) => (
          <Tab key={key} value={key}>
            {labels[key]}
          </Tab>
        ))}
      </TabList>
      <Tabs.Content value="anketler">
        {polls.isError ? (
          <Empty role="alert">{trProfile.profile.pollsFailed}</Empty>
        ) : polls.isLoading ? (
          <Empty>{trProfile.profile.loading}</Empty>
        ) : (
          <PollList polls={normal} ownerId={profile.id} canDelete={own} showLink={false} empty={trProfile.profile.noPolls} />
        )}
      </Tabs.Content>
      {own ? (
        <>
          <Tabs.Content value="paylasilabilir">
            <PollList polls={shareable} ownerId={profile.id} canDelete showLink empty={trProfile.profile.noShareable} />
          </Tabs.Content>
          <Tabs.Content value="oylar">{tab === 'oylar' ? <VotesList userId={profile.id} /> : null}</Tabs.Content>
        </>
      ) : null}
      <Tabs.Content value="takipciler">
        {tab === 'takipciler' ? (
          <>
            {own ? <FollowRequests userId={profile.id} /> : null}
            <PeopleList userId={profile.id} direction="followers" />
          </>
        ) : null}
      </Tabs.Content>
      <Tabs.Content value="takip">{tab === 'takip' ? <PeopleList userId={profile.id} direction="following" /> : null}</Tabs.Content>
      {own ? (
        <>
          <Tabs.Content value="bildirimler">{tab === 'bildirimler' ? <NotificationsTab /> : null}</Tabs.Content>
          <Tabs.Content value="ayarlar">{tab === 'ayarlar' ? <SettingsTab userId={profile.id} /> : null}</Tabs.Content>
        </>
      ) : null}
    </Tabs.Root>
  );
}

/** A poll opened from a notification link (`/profil?anket=…`). */
function PollDialog({ pollId, onClose }: { pollId: string; onClose: () => void }) {
  const { data: poll, isError } = usePollQuery(pollId);
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={trProfile.profile.pollDialogTitle} width="40rem" name="poll">
      {poll ? <PollCard poll={poll} /> : isError ? <p role="alert">{trProfile.profile.pollMissing}</p> : <p role="status">{trProfile.profile.loading}</p>}
    </Modal>
  );
}

const TabList = styled(Tabs.List)`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  padding: 0.25rem;
  margin-bottom: 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};

  & > button { flex: 1 1 auto; }

  /* One row that scrolls sideways on a phone, rather than seven buttons stacked in a block. */
  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}) {
    flex-wrap: nowrap;
    overflow-x: auto;
    scrollbar-width: thin;

    & > button { flex: 0 0 auto; white-space: nowrap; }
  }
`;

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
