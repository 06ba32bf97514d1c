/**
 * The personality analysis, computed here from the questionnaire answers and the member's own votes by topic (no
 * external AI). Pure: no I/O.
 *
 * Five traits (the Big Five, in Turkish) start at 50; each answered question moves some of them. Topic affinities
 * blend what the answers hint at with where the member's votes actually went; votes weigh more, because they are
 * what the member did rather than what they said.
 */
import { topicFor, topics as allTopics, type PersonalityAnalysis, type TopicSlug } from '@meydan/proto';
import { profileQuestions } from './profile-questions.js';

export const traits = {
  extraversion: {
    label: 'Dışa dönüklük',
    high: 'İnsanlarla birlikteyken enerji topluyorsun.',
    low: 'Kendi köşende, sakin ortamlarda güçleniyorsun.',
  },
  openness: {
    label: 'Yeniliğe açıklık',
    high: 'Yeni fikirler ve deneyimler seni heyecanlandırıyor.',
    low: 'Bildiğin, denenmiş yolları seviyorsun.',
  },
  conscientiousness: {
    label: 'Planlılık',
    high: 'Planlı ve düzenlisin; işleri zamanında bitirirsin.',
    low: 'Akışına bırakmayı, anı yaşamayı seviyorsun.',
  },
  agreeableness: {
    label: 'Uyumluluk',
    high: 'Uzlaşmacı ve anlayışlısın; ilişkilerine önem veriyorsun.',
    low: 'Doğrudan ve açık sözlüsün; fikrini saklamazsın.',
  },
  stability: {
    label: 'Duygusal denge',
    high: 'Zor anlarda sakin kalmayı biliyorsun.',
    low: 'Duygularını yoğun yaşıyorsun.',
  },
} as const;
export type TraitKey = keyof typeof traits;

type Effect = { traits?: Partial<Record<TraitKey, number>>; topics?: TopicSlug[] };
type QuestionId = (typeof profileQuestions)[number]['id'];

/** What each option (by its index in profile-questions.ts) says about the member. */
const effects: Record<QuestionId, readonly [Effect, Effect, Effect, Effect]> = {
  decision_style: [
    { traits: { openness: 10, conscientiousness: -5 } },
    { traits: { conscientiousness: 15 }, topics: ['teknoloji-ai'] },
    { traits: { agreeableness: 10, extraversion: 5 }, topics: ['gunluk-hayat'] },
    { traits: { stability: 10 } },
  ],
  stress_response: [
    { traits: { stability: 10, extraversion: 5 } },
    { traits: { extraversion: 10, agreeableness: 5 }, topics: ['gunluk-hayat'] },
    { traits: { openness: 5 }, topics: ['muzik-playlist', 'film-dizi-anime'] },
    { traits: { extraversion: -15 } },
  ],
  ideal_weekend: [
    { traits: { openness: 5, extraversion: -5 }, topics: ['kesfet-seyahat'] },
    { traits: { extraversion: 15 }, topics: ['yemek-mekan'] },
    { traits: { extraversion: -10 }, topics: ['oyun-geek', 'film-dizi-anime'] },
    { traits: { openness: 15 }, topics: ['kesfet-seyahat'] },
  ],
  friendship_quality: [
    { traits: { agreeableness: -5, conscientiousness: 5 } },
    { traits: { agreeableness: 10 }, topics: ['gunluk-hayat'] },
    { traits: { extraversion: 10, openness: 5 }, topics: ['trendler-sosyal'] },
    { traits: { agreeableness: 10, stability: -5 }, topics: ['gunluk-hayat'] },
  ],
  change_approach: [
    { traits: { openness: 15 } },
    { traits: { conscientiousness: 15 } },
    { traits: { openness: -10, stability: -5 } },
    { traits: { stability: 10, conscientiousness: -5 } },
  ],
  motivation_source: [
    { traits: { conscientiousness: 10, extraversion: 5 }, topics: ['trendler-sosyal'] },
    { traits: { openness: 15 }, topics: ['teknoloji-ai'] },
    { traits: { agreeableness: 15 }, topics: ['gunluk-hayat'] },
    { traits: { openness: 10, agreeableness: -5 }, topics: ['kesfet-seyahat'] },
  ],
  communication_style: [
    { traits: { agreeableness: -10, stability: 5 }, topics: ['serbest-kursu'] },
    { traits: { agreeableness: 10 } },
    { traits: { extraversion: 10 }, topics: ['trendler-sosyal'] },
    { traits: { agreeableness: 5, extraversion: -5 } },
  ],
  time_management: [
    { traits: { conscientiousness: 15 } },
    { traits: { conscientiousness: 10, stability: 5 } },
    { traits: { conscientiousness: -10, stability: -5 } },
    { traits: { conscientiousness: -15, openness: 5 } },
  ],
  creative_expression: [
    { traits: { openness: 10, extraversion: -5 }, topics: ['serbest-kursu'] },
    { traits: { openness: 10 }, topics: ['kesfet-seyahat'] },
    { traits: { openness: 10 }, topics: ['muzik-playlist'] },
    { traits: { agreeableness: 5 }, topics: ['yemek-mekan'] },
  ],
  social_energy: [
    { traits: { extraversion: 15 } },
    { traits: { extraversion: 5 } },
    { traits: { extraversion: -15 } },
    { traits: { stability: 5 } },
  ],
  conflict_resolution: [
    { traits: { agreeableness: -5, stability: 10 } },
    { traits: { stability: 10, conscientiousness: 5 } },
    { traits: { agreeableness: 15 } },
    { traits: { agreeableness: 5, stability: -10 } },
  ],
  learning_style: [
    { traits: { openness: 10 }, topics: ['oyun-geek'] },
    { traits: { conscientiousness: 10 }, topics: ['teknoloji-ai'] },
    { traits: { openness: 5 }, topics: ['film-dizi-anime'] },
    { traits: { extraversion: 10, agreeableness: 5 }, topics: ['gunluk-hayat'] },
  ],
};

/** Share of votes against share of answer hints in a topic's weight. */
const VOTE_WEIGHT = 0.65;

export interface AnalysisInput {
  answers: readonly { questionId: string; answer: string }[];
  /** The member's votes by poll category (from polls). */
  votesByTopic: readonly { category: string; votes: number }[];
  now: Date;
}

const clamp = (n: number) => Math.max(0, Math.min(100, Math.round(n)));
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Normalises counts to shares summing to 1 (empty when there is nothing). */
function shares(counts: Map<string, number>): Map<string, number> {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return new Map(total > 0 ? [...counts].filter(([, n]) => n > 0).map(([k, n]) => [k, n / total]) : []);
}

export function analysePersonality({ answers, votesByTopic, now }: AnalysisInput): PersonalityAnalysis {
  const scores = new Map<TraitKey, number>(Object.keys(traits).map((k) => [k as TraitKey, 50]));
  const hinted = new Map<string, number>();
  let answered = 0;
  for (const { questionId, answer } of answers) {
    const question = profileQuestions.find((q) => q.id === questionId);
    const index = question ? (question.options as readonly string[]).indexOf(answer) : -1;
    if (!question || index < 0) continue;
    answered += 1;
    const effect = effects[question.id][index as 0 | 1 | 2 | 3];
    for (const [key, delta] of Object.entries(effect.traits ?? {}))
      scores.set(key as TraitKey, scores.get(key as TraitKey)! + delta);
    for (const slug of effect.topics ?? []) hinted.set(slug, (hinted.get(slug) ?? 0) + 1);
  }

  const voted = new Map(votesByTopic.map((t) => [t.category, t.votes]));
  const fromAnswers = shares(hinted);
  const fromVotes = shares(voted);
  const blend = fromVotes.size === 0 ? 0 : fromAnswers.size === 0 ? 1 : VOTE_WEIGHT;
  const weights = new Map<string, number>();
  for (const [slug, share] of fromAnswers) weights.set(slug, (weights.get(slug) ?? 0) + share * (1 - blend));
  for (const [slug, share] of fromVotes) weights.set(slug, (weights.get(slug) ?? 0) + share * blend);
  const topics = [...weights]
    .map(([category, weight]) => ({ category, weight: round3(weight) }))
    .filter((t) => t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.category.localeCompare(b.category));

  const traitList = (Object.keys(traits) as TraitKey[]).map((key) => {
    const score = clamp(scores.get(key)!);
    return { key, label: traits[key].label, score, description: score >= 50 ? traits[key].high : traits[key].low };
  });
  const strongest = [...traitList].sort((a, b) => Math.abs(b.score - 50) - Math.abs(a.score - 50))[0]!;
  const topicNames = topics
    .slice(0, 3)
    .filter((t) => allTopics.some((topic) => topic.slug === t.category))
    .map((t) => topicFor(t.category).name);
  const summary = [
    strongest.description,
    topicNames.length
      ? `En çok ilgilendiğin konular: ${topicNames.join(', ')}.`
      : 'Oy verdikçe sana özel öneriler netleşecek.',
  ].join(' ');

  const votes = votesByTopic.reduce((sum, t) => sum + t.votes, 0);
  return { traits: traitList, topics, summary, basedOn: { answers: answered, votes }, computedAt: now.toISOString() };
}
