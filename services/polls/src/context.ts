import { baseContext, isCluster, WordFilter, type BaseContext, type ServiceDeps } from '@meydan/kit';
import { pollsConfig, type PollsConfig } from './config.js';
import { createModels, type Models } from './model/index.js';
import { LiveCountsPublisher } from './clients/live-counts.js';
import { keys } from './store/keys.js';
import { People } from './clients/people.js';
import { wordFilterEntries } from './clients/admin.js';
import { BannedCreators, HeldPolls } from './store/banned-creators.js';
import { defineCardScripts } from './counting/card-states.js';
import { defineEditScripts } from './counting/edit-claims.js';
import { Engagement } from './counting/engagement.js';
import { FriendsCircles } from './clients/friends-circles.js';
import { CreatorPolls } from './timelines/creator-polls.js';
import { memberCountsCache, pollsOfCreator, type MemberCounts } from './store/member-data.js';
import { PollStore } from './store/polls.js';
import { PollOpenings } from './store/poll-openings.js';
import { FeedPages } from './timelines/feed-pages.js';
import { PollChanged } from './store/poll-changed.js';
import type { PollDoc } from './model/index.js';
import { Quotas } from './store/quota.js';
import { feedShards } from './timelines/shards.js';
import { Timelines } from './timelines/timelines.js';
import { VoteChanges } from './counting/vote-changes.js';
import { VoteCounters } from './counting/vote-counters.js';

/** Everything the polls routes, handlers and jobs share. */
export interface PollsContext extends BaseContext<PollsConfig> {
  models: Models;
  counters: VoteCounters;
  /** Changed and taken-back votes, on polls that allow them (see VoteChanges). */
  voteChanges: VoteChanges;
  engagement: Engagement;
  people: People;
  polls: PollStore;
  /** Visitor feed pages kept for a moment (see FeedPages). */
  feedPages: FeedPages<{ polls: PollDoc[]; totalCount: number; currentPage?: number; nextCursor?: string | null }>;
  /** The member feeds' timelines in Redis (see Timelines). */
  timelines: Timelines;
  live: LiveCountsPublisher;
  banned: BannedCreators;
  /** Polls held for review by the word filter (see HeldPolls). */
  held: HeldPolls;
  /** Counted quotas: share-link vote attempts per IP network, comments per member. */
  quotas: Quotas;
  /** What Dost Meclisi cards show of their creators' circles, kept for a moment (see FriendsCircles). */
  friendsCircles: FriendsCircles;
  /** Each member's poll and vote counts, kept in Redis (see memberCountsCache). */
  memberCounts: MemberCounts;
  /** Each member's polls by creation time, kept in Redis (see CreatorPolls). */
  creatorPolls: CreatorPolls;
  /** Scheduled polls' openings and the members who asked to be told of them (see PollOpenings). */
  openings: PollOpenings;
  /** The administrators' word filter, asked from admin and kept a few seconds (poll texts, comments). */
  wordFilter: WordFilter;
}

export function createContext(deps: ServiceDeps): PollsContext {
  const base = baseContext(deps, pollsConfig);
  const { config } = base;
  const models = createModels(deps.mongo);
  const counters = new VoteCounters(deps.redis, models);
  defineCardScripts(deps.redis);
  defineEditScripts(deps.redis);
  // What keeps something of polls listens to the one signal, in this order: the visitor feeds' pages, the
  // timelines, the creators' lists; the engagement counters and the poll store tell it (store/poll-changed.ts).
  const changes = new PollChanged();
  const feedPages: PollsContext['feedPages'] = new FeedPages(changes);
  const timelines = new Timelines(deps.redis, models, deps.log, changes, {
    shards: feedShards(config.FEED_SHARDS, isCluster(deps.redis)),
    timeoutMs: config.FEED_SHARD_TIMEOUT_MS,
  });
  const engagement = new Engagement(deps.redis, models, counters, changes);
  const memberCounts = memberCountsCache(deps.redis, models, deps.log);
  const creatorPolls = new CreatorPolls(
    deps.redis,
    (creatorId) => pollsOfCreator(models, creatorId),
    deps.log,
    changes,
  );
  const polls = new PollStore(models, deps.redis, memberCounts, deps.log, changes);
  const people = new People(deps.redis, deps.bus, deps.log);
  return {
    feedPages,
    timelines,
    ...base,
    models,
    counters,
    voteChanges: new VoteChanges(deps.redis, models, counters),
    engagement,
    people,
    friendsCircles: new FriendsCircles(people, counters),
    polls,
    live: new LiveCountsPublisher(
      deps.bus,
      deps.redis,
      config.LIVE_COUNTS_INTERVAL_MS ?? 100,
      deps.log,
      (pollId) => polls.meta(pollId),
      keys.counts,
    ),
    banned: new BannedCreators(deps.redis),
    held: new HeldPolls(deps.redis),
    quotas: new Quotas(deps.redis),
    memberCounts,
    creatorPolls,
    openings: new PollOpenings(deps.redis, models),
    wordFilter: new WordFilter(() => wordFilterEntries(deps), deps.log),
  };
}
