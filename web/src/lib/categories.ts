import {
  badgeFor,
  badges,
  isTopicSlug,
  profileCategoryColorFor,
  topicFor,
  topics,
  type TopicSlug,
} from '@meydan/proto';

/** How a category looks on screen. */
export interface CategoryLook {
  slug: string;
  label: string;
  color: string;
  /** The topic's slug when this is one of the nine topics (it then has an icon). */
  topic: TopicSlug | null;
}

const badgeSlugs = new Set<string>(Object.keys(badges));

/**
 * The category of a poll card on the feed: one of the nine topics (icon and colour); a badge slug such as genel
 * (quick questions) shows its badge; anything else falls back to the first topic, as the spec says.
 */
export function feedCategory(slug: string | null | undefined): CategoryLook {
  if (isTopicSlug(slug)) return topicLook(slug);
  if (typeof slug === 'string' && badgeSlugs.has(slug)) {
    const badge = badgeFor(slug);
    return { slug: badge.slug, label: badge.label, color: badge.color, topic: null };
  }
  return topicLook(topics[0].slug);
}

/**
 * A category on the profile page (its poll and vote lists): named as on the feed, coloured with the profile's own
 * category colours (teknoloji, yaşam, eğlence, yemek, spor, genel, seyahat, müzik), as the profile spec says.
 */
export function profileCategory(slug: string | null | undefined): CategoryLook {
  const look = feedCategory(slug);
  return { ...look, color: profileCategoryColorFor(slug ?? look.slug) };
}

/** The badge of the public share page: topic and badge slugs map to a badge; unknown falls back to genel. */
export function pageBadge(slug: string | null | undefined): CategoryLook {
  const badge = badgeFor(slug);
  return { slug: badge.slug, label: badge.label, color: badge.color, topic: null };
}

export function topicLook(slug: TopicSlug): CategoryLook {
  const topic = topicFor(slug);
  return { slug: topic.slug, label: topic.name, color: topic.color, topic: topic.slug };
}
