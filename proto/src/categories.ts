/**
 * Category registry of the specs.
 *
 * - Topics: the nine feed and creation-dialog topics (core spec §3, profile spec §3), in spec order. An unknown
 *   category on the feed falls back to the FIRST topic (`topicFor`).
 * - `genel`: quick questions are posted as polls with category genel, so a poll's category is one of the nine topic
 *   slugs or genel (`pollCategorySlugs`).
 * - Badges: the slugs shown as a coloured badge on cards and on the public page (teknoloji — and the misspelt
 *   teknologi —, yasam, eglence, yemek, seyahat, muzik, film-dizi, genel); unknown falls back to genel (`badgeFor`).
 * - Profile colours: the profile page's category colours (teknoloji, yaşam, eğlence, yemek, spor, genel, seyahat,
 *   müzik).
 *
 * No Node APIs here: the browser imports this file too.
 */

export interface Category {
  /** Turkish name, exactly as the spec writes it. */
  readonly name: string;
  readonly slug: string;
  /** An emoji. */
  readonly icon: string;
  /** A hex colour (#rrggbb). */
  readonly color: string;
}

/** The nine topics, in spec order. The first one is the fallback for unknown categories. */
export const topics = [
  { name: 'Teknoloji & AI', slug: 'teknoloji-ai', icon: '🤖', color: '#3b82f6' },
  { name: 'Günlük Hayat & İlişkiler', slug: 'gunluk-hayat', icon: '💬', color: '#ec4899' },
  { name: 'Oyun & Geek', slug: 'oyun-geek', icon: '🎮', color: '#8b5cf6' },
  { name: 'Trendler & Sosyal Medya', slug: 'trendler-sosyal', icon: '📱', color: '#f97316' },
  { name: 'Ne Yesek? (Yemek & Mekan)', slug: 'yemek-mekan', icon: '🍔', color: '#ef4444' },
  { name: 'Keşfet (Seyahat)', slug: 'kesfet-seyahat', icon: '✈️', color: '#06b6d4' },
  { name: 'Müzik & Playlist', slug: 'muzik-playlist', icon: '🎵', color: '#10b981' },
  { name: 'Film, Dizi & Anime', slug: 'film-dizi-anime', icon: '🎬', color: '#eab308' },
  { name: 'Serbest Kürsü', slug: 'serbest-kursu', icon: '🎤', color: '#64748b' },
] as const satisfies readonly Category[];

export type Topic = (typeof topics)[number];
export type TopicSlug = Topic['slug'];

/** The nine topic slugs, in spec order. */
export const topicSlugs: readonly TopicSlug[] = topics.map((t) => t.slug);

/** Category of quick questions ("posted as a poll with category genel"). */
export const quickCategory = 'genel' as const;
export type QuickCategory = typeof quickCategory;

/** The general category as a registry entry (quick questions); it is not one of the nine feed topics. */
export const generalCategory = {
  name: 'Genel',
  slug: quickCategory,
  icon: '💭',
  color: '#6b7280',
} as const satisfies Category;

/** What a poll's category may be: the nine topic slugs plus genel. */
export const pollCategorySlugs = [
  'teknoloji-ai',
  'gunluk-hayat',
  'oyun-geek',
  'trendler-sosyal',
  'yemek-mekan',
  'kesfet-seyahat',
  'muzik-playlist',
  'film-dizi-anime',
  'serbest-kursu',
  'genel',
] as const satisfies readonly (TopicSlug | QuickCategory)[];
export type PollCategorySlug = (typeof pollCategorySlugs)[number];

export function isTopicSlug(slug: unknown): slug is TopicSlug {
  return typeof slug === 'string' && (topicSlugs as readonly string[]).includes(slug);
}

export function isPollCategorySlug(slug: unknown): slug is PollCategorySlug {
  return typeof slug === 'string' && (pollCategorySlugs as readonly string[]).includes(slug);
}

/** The topic of a slug; an unknown (or missing) slug falls back to the first topic. */
export function topicFor(slug: string | null | undefined): Topic {
  const found = topics.find((t) => t.slug === slug);
  return found ?? topics[0];
}

// ---------------------------------------------------------------------------------------------------------------
// Badges

export interface Badge {
  readonly slug: string;
  /** Turkish label shown on the badge. */
  readonly label: string;
  /** A hex colour (#rrggbb). */
  readonly color: string;
}

/** Badge sizes of the spec. */
export const badgeSizes = ['sm', 'md', 'lg'] as const;
export type BadgeSize = (typeof badgeSizes)[number];

/** The badge slugs of the spec, each with label and colour. `teknologi` is the earlier product's misspelling. */
export const badges = {
  teknoloji: { slug: 'teknoloji', label: 'Teknoloji', color: '#3b82f6' },
  teknologi: { slug: 'teknologi', label: 'Teknoloji', color: '#3b82f6' },
  yasam: { slug: 'yasam', label: 'Yaşam', color: '#ec4899' },
  eglence: { slug: 'eglence', label: 'Eğlence', color: '#8b5cf6' },
  yemek: { slug: 'yemek', label: 'Yemek', color: '#ef4444' },
  seyahat: { slug: 'seyahat', label: 'Seyahat', color: '#06b6d4' },
  muzik: { slug: 'muzik', label: 'Müzik', color: '#10b981' },
  'film-dizi': { slug: 'film-dizi', label: 'Film & Dizi', color: '#eab308' },
  genel: { slug: 'genel', label: 'Genel', color: '#6b7280' },
} as const satisfies Record<string, Badge>;

export type BadgeSlug = keyof typeof badges;
export const badgeSlugs = Object.keys(badges) as BadgeSlug[];

/** Which badge a topic shows. */
export const topicBadges = {
  'teknoloji-ai': 'teknoloji',
  'gunluk-hayat': 'yasam',
  'oyun-geek': 'eglence',
  'trendler-sosyal': 'eglence',
  'yemek-mekan': 'yemek',
  'kesfet-seyahat': 'seyahat',
  'muzik-playlist': 'muzik',
  'film-dizi-anime': 'film-dizi',
  'serbest-kursu': 'genel',
} as const satisfies Record<TopicSlug, BadgeSlug>;

const turkishToAscii: Record<string, string> = {
  ç: 'c',
  ğ: 'g',
  ı: 'i',
  ö: 'o',
  ş: 's',
  ü: 'u',
  â: 'a',
  î: 'i',
  û: 'u',
};

/** Lower-cases (Turkish rules) and replaces Turkish letters with their ASCII base: 'Yaşam' → 'yasam'. */
export function asciiSlug(value: string): string {
  return value
    .trim()
    .toLocaleLowerCase('tr-TR')
    .normalize('NFC')
    .replace(/[çğıöşüâîû]/g, (ch) => turkishToAscii[ch] ?? ch)
    .replace(/\u0307/g, '')
    .replace(/\s+/g, '-');
}

function hasOwn<T extends object>(obj: T, key: string): key is Extract<keyof T, string> {
  return Object.hasOwn(obj, key);
}

/**
 * The badge of a category: a badge slug maps to itself, a topic slug to its closest badge, Turkish spellings
 * ('yaşam', 'Müzik') to their ASCII slug; anything else (or nothing) falls back to genel.
 */
export function badgeFor(slug: string | null | undefined): Badge {
  if (typeof slug !== 'string') return badges.genel;
  const key = asciiSlug(slug);
  if (hasOwn(badges, key)) return badges[key];
  if (hasOwn(topicBadges, key)) return badges[topicBadges[key]];
  return badges.genel;
}

// ---------------------------------------------------------------------------------------------------------------
// Profile page colours

/** The profile page's category colours, keyed as the spec writes them (with Turkish letters). */
export const profileCategoryColors = {
  teknoloji: '#3b82f6',
  yaşam: '#ec4899',
  eğlence: '#8b5cf6',
  yemek: '#ef4444',
  spor: '#22c55e',
  genel: '#6b7280',
  seyahat: '#06b6d4',
  müzik: '#10b981',
} as const satisfies Record<string, string>;

export type ProfileCategory = keyof typeof profileCategoryColors;

const profileColorByAscii: Record<string, string> = Object.fromEntries(
  Object.entries(profileCategoryColors).map(([k, v]) => [asciiSlug(k), v]),
);

/**
 * The profile page colour of a category: a profile key (with or without Turkish letters), a badge slug or a topic
 * slug (through its badge); anything else gets genel's colour.
 */
export function profileCategoryColorFor(category: string | null | undefined): string {
  if (typeof category !== 'string') return profileCategoryColors.genel;
  const key = asciiSlug(category);
  const direct = profileColorByAscii[key];
  if (direct) return direct;
  const badge = badgeFor(key);
  return profileColorByAscii[badge.slug] ?? badge.color;
}
