import type { Poll, UserProfile } from '@meydan/proto';
import * as Tabs from '@radix-ui/react-tabs';
import styled from 'styled-components';
import { trProfile } from '../../i18n/tr-profile';
import { PeopleList, Tab } from '../follow/FollowersDialog';
import { FollowRequests } from './FollowRequests';
import { NotificationsTab } from './NotificationsTab';
import { Empty, PollList } from './PollList';
import { SettingsTab } from './SettingsTab';
import type { TabKey } from './tabs';
import { VotesList } from './VotesList';

interface ProfileTabsProps {
  profile: UserProfile;
  own: boolean;
  tabs: readonly TabKey[];
  tab: TabKey;
  /** The member's polls as the query holds them (the private profile's refusal is handled before). */
  polls: { data?: Poll[] | undefined; isError: boolean; isLoading: boolean };
  onSelect: (value: string) => void;
}

/**
 * The profile's tabs; a list tab loads only once it is chosen. A file of its own, loaded beside the profile rather
 * than in it, so that the member's card and banner (the top of the screen) paint as soon as the profile and its data
 * are in, without waiting for the poll cards' code that the lists need.
 */
export function ProfileTabs({ profile, own, tabs, tab, polls, onSelect }: ProfileTabsProps) {
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
          <PollList
            polls={normal}
            ownerId={profile.id}
            canDelete={own}
            showLink={false}
            empty={trProfile.profile.noPolls}
          />
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
      <Tabs.Content value="takip">
        {tab === 'takip' ? <PeopleList userId={profile.id} direction="following" /> : null}
      </Tabs.Content>
      {own ? (
        <>
          <Tabs.Content value="bildirimler">{tab === 'bildirimler' ? <NotificationsTab /> : null}</Tabs.Content>
          <Tabs.Content value="ayarlar">{tab === 'ayarlar' ? <SettingsTab userId={profile.id} /> : null}</Tabs.Content>
        </>
      ) : null}
    </Tabs.Root>
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
