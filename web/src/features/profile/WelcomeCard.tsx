import type { UserProfile } from '@meydan/proto';
import { useMemo } from 'react';
import styled from 'styled-components';
import { trProfile } from '../../i18n/tr-profile';
import { leadingLettersOf, nameOf } from '../../lib/avatar';
import { Avatar } from '../../ui/Avatar';
import { FollowButton } from '../follow/FollowButton';
import { HideActions } from '../hide/HideActions';
import { ReportMemberButton } from './ReportMemberButton';
import type { FollowDirection } from '../follow/followApi';
import { greetingWords, pickMotivation } from './greeting';
import { formatCount } from '../../lib/format';

export interface WelcomeCardProps {
  profile: UserProfile;
  own: boolean;
  onOpenPeople: (tab: FollowDirection) => void;
}

/** Avatar, greeting by the hour (own profile) or the name, a motivational sentence, the counters (votes: own only). */
export function WelcomeCard({ profile, own, onOpenPeople }: WelcomeCardProps) {
  const name = nameOf(profile);
  const motivation = useMemo(() => pickMotivation(), []);
  const count = (n: number | null | undefined) =>
    typeof n === 'number' ? formatCount(n) : trProfile.profile.unknownCount;

  return (
    <Card data-welcome>
      <Top>
        <Avatar name={name} src={profile.avatarUrl} size="xl" initials={leadingLettersOf(name)} />
        <Intro>
          <h2>{own ? trProfile.profile.greeting(greetingWords(new Date().getHours()), name) : name}</h2>
          <Username>@{profile.username}</Username>
          {profile.bio ? <Bio>{profile.bio}</Bio> : null}
          <Motivation>{motivation}</Motivation>
        </Intro>
        {own ? null : (
          <FollowSlot>
            <FollowButton userId={profile.id} name={name} />
            <HideActions userId={profile.id} name={name} />
            <ReportMemberButton userId={profile.id} name={name} />
          </FollowSlot>
        )}
      </Top>
      <Counters>
        <Counter>
          <strong>{count(profile.pollsCount)}</strong>
          <span>{trProfile.profile.counters.polls}</span>
        </Counter>
        {own ? (
          // How many votes a member cast is theirs alone: beside public counts it could tell what they chose.
          <Counter data-counter="votes">
            <strong>{count(profile.votesCount)}</strong>
            <span>{trProfile.profile.counters.votes}</span>
          </Counter>
        ) : null}
        <CounterButton type="button" onClick={() => onOpenPeople('followers')} data-open="followers">
          <strong>{count(profile.followersCount)}</strong>
          <span>{trProfile.follow.followersButton}</span>
        </CounterButton>
        <CounterButton type="button" onClick={() => onOpenPeople('following')} data-open="following">
          <strong>{count(profile.followingCount)}</strong>
          <span>{trProfile.follow.followingButton}</span>
        </CounterButton>
      </Counters>
    </Card>
  );
}

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
  padding: 1.5rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Top = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 1rem;
`;

const Intro = styled.div`
  flex: 1;
  min-width: 12rem;
  display: flex;
  flex-direction: column;
  gap: 0.25rem;

  h2 { font-size: 1.375rem; font-weight: 800; }
`;

const Username = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Bio = styled.p`
  margin-top: 0.25rem;
`;

const Motivation = styled.p`
  margin-top: 0.25rem;
  color: ${({ theme }) => theme.colors.textMuted};
  font-style: italic;
`;

const FollowSlot = styled.div`
  align-self: center;
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Counters = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 0.5rem;
`;

const counterStyles = `
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.125rem;
  padding: 0.625rem 0.25rem;
  strong { font-size: 1.25rem; font-weight: 800; }
  span { font-size: 0.8125rem; }
`;

const Counter = styled.div`
  ${counterStyles}
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const CounterButton = styled.button`
  ${counterStyles}
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;

  &:hover { border-color: ${({ theme }) => theme.colors.primary}; }
`;
