import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch } from '../../store/store';
import { tr } from '../../i18n/tr';
import { Button } from '../../ui/buttons';
import { PlusIcon } from '../../ui/icons';
import { useDocumentTitle } from '../../ui/Page';
import { isOpen } from '../../lib/time';
import { Spinner } from '../../ui/Spinner';
import { HowItWorks } from '../landing/HowItWorks';
import { PollCard } from '../polls/PollCard';
import { useFeedInfiniteQuery, usePollQuery } from '../polls/pollsApi';
import { useHeldPolls } from '../polls/heldPolls';
import { useCurrentUser, useMemberGate } from '../session/sessionApi';
import { dialogOpened } from '../../store/uiSlice';
import { feedKindOf, feedRouteOf, topicFromSearch } from './feedRoutes';
import { FriendsPromo, PromoSpace } from './FriendsPromo';
import { TopicFilter } from './TopicFilter';

// The side column follows the feed: fetched right after the first render, not before it (web/scripts/initial-js.ts).
const QuickDecision = lazy(async () => ({ default: (await import('../quick-decision/QuickDecision')).QuickDecision }));
// 'Gündem': the last 24 hours' hashtags, with the search screens' chunk.
const TrendingTags = lazy(async () => ({ default: (await import('../reach/SearchPage')).TrendingTags }));

const headings = {
  '/': tr.feed.heading,
  '/trending': tr.nav.trending,
  '/kesfet': tr.nav.discover,
  '/dost-meclisi': tr.nav.friendsCircle,
} as const;

/** The poll feed: /, /kesfet, /trending and /dost-meclisi are this one screen over different lists. */
export function FeedPage() {
  const { pathname } = useLocation();
  const [search, setSearch] = useSearchParams();
  const dispatch = useAppDispatch();
  const { user, isMember } = useCurrentUser();
  const route = feedRouteOf(pathname);
  const feed = feedKindOf(route);
  const topic = topicFromSearch(search);
  const pinnedId = search.get('anket');
  // Each screen under its own name, as the header's links call them (/ lists what /trending does).
  const heading = topic ? tr.feed.topicHeading(topic.name) : headings[route];
  const friendsLocked = feed === 'friends' && user === null;
  useDocumentTitle(heading);

  // A visitor who opens the friends' circle is told to sign in.
  useEffect(() => {
    if (friendsLocked) dispatch(dialogOpened({ kind: 'signInRequired', reason: 'friends' }));
  }, [friendsLocked, dispatch]);

  const selectTopic = (slug: string | null) => {
    const next = new URLSearchParams(search);
    if (slug) next.set('kategori', slug);
    else next.delete('kategori');
    next.delete('anket');
    setSearch(next, { replace: true });
  };

  const gate = useMemberGate();
  const openCreate = () => gate('create', () => dispatch(dialogOpened({ kind: 'createPoll' })));

  return (
    <Screen>
      {/* Until the session is known, the member's banner's place is kept, so the heading does not move when it comes. */}
      {route === '/' && user === undefined ? <PromoSpace aria-hidden="true" data-promo-space /> : null}
      {route === '/' && user === null ? <HowItWorks /> : null}
      {route === '/' && isMember ? <FriendsPromo /> : null}

      <TitleRow>
        <div>
          <h1 id="page-title">{heading}</h1>
          <Intro>{tr.feed.intro[route]}</Intro>
        </div>
      </TitleRow>

      <TopicFilter selected={topic} onSelect={selectTopic} />

      <Columns>
        <Main>
          {pinnedId && !friendsLocked ? <PinnedPoll id={pinnedId} /> : null}
          {friendsLocked ? (
            <Empty>
              <p>{tr.feed.friendsSignIn}</p>
              <Button $variant="primary" onClick={() => dispatch(dialogOpened({ kind: 'login' }))}>
                {tr.nav.signIn}
              </Button>
            </Empty>
          ) : user === undefined ? (
            <Spinner withText />
          ) : (
            <PollList feed={feed} category={topic?.slug} excludeId={pinnedId} onCreate={openCreate} />
          )}
        </Main>
        <Aside>
          <TrendingSlot>
            <Suspense fallback={null}>
              <TrendingTags />
            </Suspense>
          </TrendingSlot>
          <QuickSlot>
            <Suspense fallback={null}>
              <QuickDecision />
            </Suspense>
          </QuickSlot>
        </Aside>
      </Columns>
    </Screen>
  );
}

function PinnedPoll({ id }: { id: string }) {
  const { data, isError } = usePollQuery(id);
  if (isError) return <Muted role="status">{tr.feed.pinnedMissing}</Muted>;
  if (!data) return null;
  return (
    <Pinned aria-label={tr.feed.pinnedLabel} data-pinned>
      <Label>{tr.feed.pinnedLabel}</Label>
      <PollCard poll={data} />
    </Pinned>
  );
}

function PollList({
  feed,
  category,
  excludeId,
  onCreate,
}: {
  feed: ReturnType<typeof feedKindOf>;
  category: string | undefined;
  excludeId: string | null;
  onCreate: () => void;
}) {
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useFeedInfiniteQuery({
    feed,
    category,
  });
  const held = useHeldPolls(data?.pages.flatMap((page) => page.pollIds));
  const sentinel = useRef<HTMLDivElement>(null);

  // Infinite scroll: the next page loads as the end of the list comes near.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (isLoading) return <Spinner withText />;
  if (isError || !data || !held) {
    return (
      <Empty role="alert">
        <p>{tr.feed.loadFailed}</p>
        <Button onClick={() => refetch()}>{tr.common.retry}</Button>
      </Empty>
    );
  }

  const now = Date.now();
  const seen = new Set<string>();
  const polls = held.filter((poll) => {
    if (seen.has(poll.id) || poll.id === excludeId || !isOpen(poll.expiresAt, now)) return false;
    seen.add(poll.id);
    return true;
  });
  const total = data.pages[0]?.totalCount ?? polls.length;

  return (
    <>
      <Count data-feed-count>{tr.feed.count(total)}</Count>
      {polls.length === 0 ? (
        <Empty data-feed-empty>
          <p>{tr.feed.empty}</p>
          <Button $variant="primary" onClick={onCreate}>
            <PlusIcon />
            {tr.feed.emptyAction}
          </Button>
        </Empty>
      ) : (
        <Cards data-feed>
          {polls.map((poll) => (
            <li key={poll.id}>
              <PollCard poll={poll} />
            </li>
          ))}
        </Cards>
      )}
      <div ref={sentinel} aria-hidden="true" />
      {isFetchingNextPage ? <Spinner /> : null}
      {hasNextPage && !isFetchingNextPage ? (
        <Button onClick={() => fetchNextPage()}>{tr.common.loadMore}</Button>
      ) : null}
      {!hasNextPage && polls.length > 3 ? <Muted>{tr.feed.end}</Muted> : null}
    </>
  );
}

const Screen = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1.25rem;
`;

const TitleRow = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 1rem;

  h1 {
    font-size: clamp(1.5rem, 1.2rem + 1.2vw, 2.125rem);
    font-weight: 800;
    letter-spacing: -0.01em;
  }
`;

const Intro = styled.p`
  margin-top: 0.3rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 20rem;
  align-items: start;
  gap: 1.5rem;

  @media (max-width: 60rem) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  min-width: 0;
`;

const Aside = styled.aside`
  position: sticky;
  top: calc(${({ theme }) => theme.layout.headerHeight} + 1rem);
  display: flex;
  flex-direction: column;
  gap: 1rem;

  @media (max-width: 60rem) {
    position: static;
    grid-row: 1;
  }
`;

/*
 * On a phone the side column comes first, above the feed, and its two boxes arrive after the first paint (their chunks,
 * then their requests): each keeps its usual height from the start (Gündem's without tags, the quick decision's with a
 * question), so what is below does not jump twice.
 */
const TrendingSlot = styled.div`
  @media (max-width: 60rem) {
    min-height: 5.5rem;
  }
`;

const QuickSlot = styled.div`
  @media (max-width: 60rem) {
    min-height: 15.5rem;
  }
`;

const Count = styled.p`
  font-size: 0.9rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Cards = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 0;
  list-style: none;
`;

const Empty = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 1rem;
  padding: 2.5rem 1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};

  p { font-size: 1.05rem; font-weight: 600; }
`;

const Muted = styled.p`
  text-align: center;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Pinned = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
`;

const Label = styled.span`
  font-size: 0.75rem;
  font-weight: 800;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.primary};
`;
