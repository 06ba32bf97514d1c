import { isTopicSlug, matchClientRoute, topicFor, type Topic } from '@meydan/proto';
import type { FeedKind } from '../polls/pollsApi';

export type FeedRoute = '/' | '/kesfet' | '/trending' | '/dost-meclisi';

const feedRoutes: Record<FeedRoute, FeedKind> = {
  '/': 'trending',
  '/trending': 'trending',
  '/kesfet': 'new',
  '/dost-meclisi': 'friends',
};

/** Which of the four feed screens a path is (case-insensitive, trailing slash tolerated); '/' otherwise. */
export function feedRouteOf(pathname: string): FeedRoute {
  const route = matchClientRoute(pathname)?.route;
  return route && route in feedRoutes ? (route as FeedRoute) : '/';
}

/** The feed a screen lists: trending on / and /trending, newest on /kesfet, the friends' circle on /dost-meclisi. */
export function feedKindOf(route: FeedRoute): FeedKind {
  return feedRoutes[route];
}

/** The topic filter in the address (?kategori=slug); anything else means all topics. */
export function topicFromSearch(search: URLSearchParams): Topic | null {
  const slug = search.get('kategori');
  return isTopicSlug(slug) ? topicFor(slug) : null;
}
