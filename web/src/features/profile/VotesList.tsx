import { useState } from 'react';
import { trProfile } from '../../i18n/tr-profile';
import { profileCategory } from '../../lib/categories';
import { formatDateTime } from '../../lib/time';
import { CategoryBadge } from '../../ui/CategoryBadge';
import { Pager } from '../../ui/Pager';
import { Empty, Head, Item, LIST_PAGE_SIZE, List, Meta } from './PollList';
import { useUserVotesQuery } from './profileApi';

/** The member's own votes: poll title, category badge, the chosen option and when (tr-TR). */
export function VotesList({ userId }: { userId: string }) {
  const { data: votes, isLoading, isError } = useUserVotesQuery(userId);
  const [page, setPage] = useState(1);
  if (isLoading) return <Empty>{trProfile.profile.loading}</Empty>;
  if (isError || !votes) return <Empty role="alert">{trProfile.profile.votesFailed}</Empty>;
  if (votes.length === 0) return <Empty>{trProfile.profile.noVotes}</Empty>;
  const pages = Math.max(1, Math.ceil(votes.length / LIST_PAGE_SIZE));
  const current = Math.min(page, pages);
  return (
    <>
      <List>
        {votes.slice((current - 1) * LIST_PAGE_SIZE, current * LIST_PAGE_SIZE).map((vote) => (
          <Item key={vote.voteId} data-vote={vote.pollId}>
            <Head>
              <h3>{vote.pollTitle}</h3>
              <CategoryBadge look={profileCategory(vote.pollCategory)} size="sm" />
            </Head>
            <p>{trProfile.profile.votedFor(vote.selectedOption)}</p>
            <Meta>
              <time dateTime={vote.votedAt}>{formatDateTime(vote.votedAt)}</time>
            </Meta>
          </Item>
        ))}
      </List>
      <Pager page={current} pages={pages} onPage={setPage} />
    </>
  );
}
