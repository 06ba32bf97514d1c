import { describe, expect, it } from 'vitest';
import {
  asciiSlug,
  badgeFor,
  badges,
  badgeSlugs,
  generalCategory,
  isPollCategorySlug,
  isTopicSlug,
  pollCategorySlugs,
  profileCategoryColorFor,
  profileCategoryColors,
  quickCategory,
  topicBadges,
  topicFor,
  topics,
  topicSlugs,
} from '../src/index.js';

const hex = /^#[0-9a-f]{6}$/i;
const emoji = /\p{Extended_Pictographic}/u;

describe('topics', () => {
  it('are the nine spec topics, names and slugs word for word, in spec order', () => {
    expect(topics.map((t) => [t.name, t.slug])).toEqual([
      ['Teknoloji & AI', 'teknoloji-ai'],
      ['Günlük Hayat & İlişkiler', 'gunluk-hayat'],
      ['Oyun & Geek', 'oyun-geek'],
      ['Trendler & Sosyal Medya', 'trendler-sosyal'],
      ['Ne Yesek? (Yemek & Mekan)', 'yemek-mekan'],
      ['Keşfet (Seyahat)', 'kesfet-seyahat'],
      ['Müzik & Playlist', 'muzik-playlist'],
      ['Film, Dizi & Anime', 'film-dizi-anime'],
      ['Serbest Kürsü', 'serbest-kursu'],
    ]);
    expect(topicSlugs).toEqual(topics.map((t) => t.slug));
  });

  it('each have an emoji icon and a hex colour', () => {
    for (const t of [...topics, generalCategory]) {
      expect(t.icon, t.slug).toMatch(emoji);
      expect(t.color, t.slug).toMatch(hex);
    }
  });

  it('quick questions use genel, and a poll category is a topic or genel', () => {
    expect(quickCategory).toBe('genel');
    expect(generalCategory.slug).toBe('genel');
    expect(pollCategorySlugs).toEqual([...topicSlugs, 'genel']);
    expect(isPollCategorySlug('genel')).toBe(true);
    expect(isPollCategorySlug('teknoloji-ai')).toBe(true);
    expect(isPollCategorySlug('teknoloji')).toBe(false);
    expect(isTopicSlug('genel')).toBe(false);
    expect(isTopicSlug('serbest-kursu')).toBe(true);
    expect(isTopicSlug(3)).toBe(false);
  });

  it('topicFor finds a topic and falls back to the first for unknown', () => {
    expect(topicFor('muzik-playlist').name).toBe('Müzik & Playlist');
    expect(topicFor('serbest-kursu').slug).toBe('serbest-kursu');
    expect(topicFor('bilinmeyen').slug).toBe('teknoloji-ai');
    expect(topicFor('genel').slug).toBe('teknoloji-ai');
    expect(topicFor('').slug).toBe('teknoloji-ai');
    expect(topicFor(undefined)).toBe(topics[0]);
    expect(topicFor(null)).toBe(topics[0]);
  });
});

describe('badges', () => {
  it('are the spec badge slugs, each with a Turkish label and a colour', () => {
    expect(badgeSlugs.sort()).toEqual(
      ['eglence', 'film-dizi', 'genel', 'muzik', 'seyahat', 'teknologi', 'teknoloji', 'yasam', 'yemek'].sort(),
    );
    for (const slug of badgeSlugs) {
      expect(badges[slug].slug).toBe(slug);
      expect(badges[slug].label.length).toBeGreaterThan(0);
      expect(badges[slug].color).toMatch(hex);
    }
    expect(badges.yasam.label).toBe('Yaşam');
    expect(badges.eglence.label).toBe('Eğlence');
    expect(badges.muzik.label).toBe('Müzik');
    expect(badges.genel.label).toBe('Genel');
  });

  it('badgeFor maps badge slugs to themselves (the misspelt teknologi too)', () => {
    for (const slug of badgeSlugs) expect(badgeFor(slug).slug).toBe(slug);
    expect(badgeFor('teknologi').color).toMatch(hex);
  });

  it('badgeFor maps topic slugs to a sensible badge', () => {
    expect(badgeFor('teknoloji-ai').slug).toBe('teknoloji');
    expect(badgeFor('gunluk-hayat').slug).toBe('yasam');
    expect(badgeFor('yemek-mekan').slug).toBe('yemek');
    expect(badgeFor('kesfet-seyahat').slug).toBe('seyahat');
    expect(badgeFor('muzik-playlist').slug).toBe('muzik');
    expect(badgeFor('film-dizi-anime').slug).toBe('film-dizi');
    expect(badgeFor('serbest-kursu').slug).toBe('genel');
    for (const slug of topicSlugs) expect(badgeFor(slug).slug).toBe(topicBadges[slug]);
  });

  it('badgeFor falls back to genel for unknown or missing, and reads Turkish spellings', () => {
    expect(badgeFor('spor').slug).toBe('genel');
    expect(badgeFor('xyz').slug).toBe('genel');
    expect(badgeFor('')).toBe(badges.genel);
    expect(badgeFor(undefined)).toBe(badges.genel);
    expect(badgeFor(null)).toBe(badges.genel);
    expect(badgeFor('Yaşam').slug).toBe('yasam');
    expect(badgeFor('MÜZİK').slug).toBe('muzik');
    expect(badgeFor('eğlence').slug).toBe('eglence');
  });

  it('asciiSlug lower-cases with Turkish rules and strips Turkish letters', () => {
    expect(asciiSlug('Yaşam')).toBe('yasam');
    expect(asciiSlug('İlişkiler')).toBe('iliskiler');
    expect(asciiSlug('IŞIK')).toBe('isik');
    expect(asciiSlug(' Günlük Hayat ')).toBe('gunluk-hayat');
  });
});

describe('profile category colours', () => {
  it('has exactly the spec keys, each a hex colour', () => {
    expect(Object.keys(profileCategoryColors)).toEqual([
      'teknoloji',
      'yaşam',
      'eğlence',
      'yemek',
      'spor',
      'genel',
      'seyahat',
      'müzik',
    ]);
    for (const c of Object.values(profileCategoryColors)) expect(c).toMatch(hex);
  });

  it('profileCategoryColorFor reads profile keys, ASCII spellings, badges and topics; unknown is genel', () => {
    expect(profileCategoryColorFor('yaşam')).toBe(profileCategoryColors['yaşam']);
    expect(profileCategoryColorFor('yasam')).toBe(profileCategoryColors['yaşam']);
    expect(profileCategoryColorFor('muzik')).toBe(profileCategoryColors['müzik']);
    expect(profileCategoryColorFor('spor')).toBe(profileCategoryColors.spor);
    expect(profileCategoryColorFor('teknoloji-ai')).toBe(profileCategoryColors.teknoloji);
    expect(profileCategoryColorFor('kesfet-seyahat')).toBe(profileCategoryColors.seyahat);
    expect(profileCategoryColorFor('film-dizi-anime')).toBe(badges['film-dizi'].color);
    expect(profileCategoryColorFor('nope')).toBe(profileCategoryColors.genel);
    expect(profileCategoryColorFor(undefined)).toBe(profileCategoryColors.genel);
  });
});
