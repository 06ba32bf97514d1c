import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { apiErrorMessage, apiErrorStatus } from '../../store/api';
import { trProfile } from '../../i18n/tr-profile';
import { nameOf } from '../../lib/avatar';
import { Avatar } from '../../ui/Avatar';
import { Modal } from '../../ui/Modal';
import { Pager } from '../../ui/Pager';
import { FollowButton } from './FollowButton';
import { PEOPLE_PAGE_SIZE, usePeopleQuery, type FollowDirection } from './followApi';

export interface FollowersDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  userId: string;
  name: string;
  tab: FollowDirection;
  onTabChange: (tab: FollowDirection) => void;
}

/** A member's followers and whom they follow, in two tabs; a list is fetched only while open and its tab active. */
export function FollowersDialog({ open, onOpenChange, userId, name, tab, onTabChange }: FollowersDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={trProfile.follow.dialogTitle(name)}
      width="28rem"
      name="followers"
    >
      <Tabs.Root value={tab} onValueChange={(value) => onTabChange(value as FollowDirection)}>
        <TabList aria-label={trProfile.follow.dialogTitle(name)}>
          <Tab value="followers">{trProfile.follow.followersTab}</Tab>
          <Tab value="following">{trProfile.follow.followingTab}</Tab>
        </TabList>
        {(['followers', 'following'] as const).map((direction) => (
          <Tabs.Content key={direction} value={direction}>
            {open && tab === direction ? <PeopleList userId={userId} direction={direction} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Modal>
  );
}

/** One page of people with a follow button on each row but the viewer's own; also used by the profile's tabs. */
export function PeopleList({ userId, direction }: { userId: string; direction: FollowDirection }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, error } = usePeopleQuery({ userId, direction, page });
  const failed = direction === 'followers' ? trProfile.follow.followersFailed : trProfile.follow.followingFailed;
  const empty = direction === 'followers' ? trProfile.follow.noFollowers : trProfile.follow.noFollowing;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PEOPLE_PAGE_SIZE));

  return (
    <>
      <Scroll data-people={direction}>
        {isLoading ? (
          <ul aria-busy="true" aria-label={trProfile.follow.loading}>
            {[0, 1, 2].map((i) => (
              <SkeletonRow key={i} data-skeleton />
            ))}
          </ul>
        ) : isError ? (
          // A private profile's lists answer 403 with the reason; anything else is the spec's load failure text.
          <Note role="alert">{apiErrorStatus(error) === 403 ? (apiErrorMessage(error) ?? failed) : failed}</Note>
        ) : !data || data.rows.length === 0 ? (
          <Note>{empty}</Note>
        ) : (
          <ul>
            {data.rows.map((person) => (
              <Row key={person.id}>
                <Avatar name={nameOf(person)} src={person.avatarUrl} decorative />
                <Who>
                  <strong>{nameOf(person)}</strong>
                  <span>@{person.username}</span>
                </Who>
                <FollowButton userId={person.id} name={nameOf(person)} following={person.isFollowing} size="sm" />
              </Row>
            ))}
          </ul>
        )}
      </Scroll>
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  );
}

const TabList = styled(Tabs.List)`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 0.25rem;
  padding: 0.25rem;
  margin-bottom: 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

export const Tab = styled(Tabs.Trigger)`
  min-height: 2.25rem;
  padding: 0 0.75rem;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  cursor: pointer;

  &[data-state='active'] {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.shadows.card};
  }
`;

const Scroll = styled.div`
  height: 20rem;
  overflow-y: auto;

  ul {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
  }
`;

const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.5rem;
  border-radius: ${({ theme }) => theme.radii.md};

  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; }
`;

const Who = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  flex: 1;

  strong, span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.875rem; }
`;

const pulse = keyframes`50% { opacity: 0.45; }`;

const SkeletonRow = styled.li`
  height: 3.5rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  animation: ${pulse} 1.2s ease-in-out infinite;
`;

const Note = styled.p`
  padding: 2rem 0.5rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
`;
