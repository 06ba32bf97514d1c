import {
  defaultResultsVisibility,
  defaultShareVoteMode,
  limits,
  type PollType,
  type ResultsVisibility,
  type ShareVoteMode,
} from '@meydan/proto';

/** What the creation form holds while it is filled in. */
export interface PollDraft {
  type: PollType;
  shareable: boolean;
  /** Who may vote through the share link (only sent for a shareable poll). */
  shareVoteMode: ShareVoteMode;
  /** Who sees the results and when (sent only when not the default). */
  resultsVisibility: ResultsVisibility;
  title: string;
  description: string;
  category: string;
  options: string[];
  durationHours: number;
  /** 'Birden fazla seçim': how many options one ballot may mark (1: single choice). */
  maxChoices: number;
  /** 'Oyunu değiştirebilsin': voters may change or take back their vote (off: a vote is final). */
  allowVoteChange: boolean;
  /** 'Başlangıç zamanı': a datetime-local value in the browser's time zone ('' opens it at once). */
  startsAt: string;
  /** 'Bilgi yarışması': a quiz (single choice, votes final) whose correct options are `correctOptions` (draft indexes). */
  quiz: boolean;
  correctOptions: number[];
  /** 'Sıralamalı oy': voters rank the options (single ballot, votes final; not with a quiz). */
  ranked: boolean;
  /** 'Görsel ekle': each option's uploaded image and its alt text, by the option's draft index (null: none). */
  images: (DraftImage | null)[];
}

/** An option's image, uploaded (its id and URL) and the alt text its creator is writing. */
export interface DraftImage {
  id: string;
  url: string;
  alt: string;
}

export const emptyDraft = (): PollDraft => ({
  type: 'public',
  shareable: false,
  shareVoteMode: defaultShareVoteMode,
  resultsVisibility: defaultResultsVisibility,
  title: '',
  description: '',
  category: '',
  options: ['', ''],
  durationHours: limits.poll.defaultDurationHours,
  maxChoices: 1,
  allowVoteChange: false,
  startsAt: '',
  quiz: false,
  correctOptions: [],
  ranked: false,
  images: [],
});

/** Choosing private or friends clears the shareable flag: only a public poll can be shareable. */
export function withType(draft: PollDraft, type: PollType): PollDraft {
  return { ...draft, type, shareable: type === 'public' ? draft.shareable : false };
}

/** Options: remove buttons only above 2, the add button only below 6. */
export const canAddOption = (options: readonly string[]) => options.length < limits.poll.optionsMax;
export const canRemoveOption = (options: readonly string[]) => options.length > limits.poll.optionsMin;

/** The body the server validates (and the form validates first, with the same schema and texts). */
export function draftBody(draft: PollDraft) {
  return {
    title: draft.title.trim(),
    description: draft.description.trim() ? draft.description.trim() : null,
    ...(draft.category ? { category: draft.category } : {}),
    type: draft.type,
    options: draft.options.map((o) => o.trim()).filter(Boolean),
    durationHours: draft.durationHours,
    ...(draft.shareable ? { isShareable: true, shareVoteMode: draft.shareVoteMode } : {}),
    ...(draft.resultsVisibility !== defaultResultsVisibility ? { resultsVisibility: draft.resultsVisibility } : {}),
    ...(draft.maxChoices > 1 && !draft.quiz && !draft.ranked ? { maxChoices: draft.maxChoices } : {}),
    ...(draft.allowVoteChange && !draft.quiz && !draft.ranked ? { allowVoteChange: true } : {}),
    ...(draft.ranked && !draft.quiz ? { kind: 'ranked' as const } : {}),
    ...(draft.quiz ? { kind: 'quiz' as const, correctOptionIndexes: correctOptionSent(draft) } : {}),
    ...(draft.startsAt ? { startsAt: startsAtIso(draft.startsAt) } : {}),
    ...optionImagesSent(draft),
  };
}

/**
 * The options' images as the API takes them: one per option sent (blank ones are left out), `{id, alt}` or null;
 * nothing when no option has one. An image on a blank option is not sent (imageOnBlankOption says so first).
 */
export function optionImagesSent(draft: Pick<PollDraft, 'options' | 'images'>) {
  const sent = draft.options.flatMap((text, i) => (text.trim() ? [draft.images[i] ?? null] : []));
  if (!sent.some(Boolean)) return {};
  return { optionImages: sent.map((image) => (image ? { id: image.id, alt: image.alt.trim() } : null)) };
}

/** The draft's images with option `index`'s set (or taken away). */
export function withImage(draft: Pick<PollDraft, 'options' | 'images'>, index: number, image: DraftImage | null) {
  return draft.options.map((_, i) => (i === index ? image : (draft.images[i] ?? null)));
}

/** Whether an option with an image has no text (its image would be lost). */
export const imageOnBlankOption = (draft: Pick<PollDraft, 'options' | 'images'>): boolean =>
  draft.images.some((image, i) => image !== null && !draft.options[i]?.trim());

/**
 * The opening as the API takes it (ISO, UTC) from the field's local date and time; text that is not a date goes as
 * typed, for the schema's Turkish message.
 */
export function startsAtIso(local: string): string {
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
}

/**
 * The quiz's correct options as the API takes them: their indexes among the options sent (blank ones are left out),
 * ascending; a marked option left blank is not sent (none marked: an empty list, for the Turkish message).
 */
export function correctOptionSent(draft: Pick<PollDraft, 'options' | 'correctOptions'>): number[] {
  return draft.options
    .flatMap((text, i) => (text.trim() ? [i] : []))
    .flatMap((draftIndex, sentIndex) => (draft.correctOptions.includes(draftIndex) ? [sentIndex] : []));
}

/** The quiz's marks with option `index`'s set or taken away ('N. şık doğru cevap'). */
export const withCorrectOption = (draft: Pick<PollDraft, 'correctOptions'>, index: number, correct: boolean) =>
  correct
    ? [...new Set([...draft.correctOptions, index])].sort((a, b) => a - b)
    : draft.correctOptions.filter((i) => i !== index);

/** The draft after option `index` is removed: a quiz's marks and the images stay on their options (or go with it). */
export function withoutOption(
  draft: PollDraft,
  index: number,
): Pick<PollDraft, 'options' | 'correctOptions' | 'images'> {
  return {
    options: draft.options.filter((_, i) => i !== index),
    images: draft.images.filter((_, i) => i !== index),
    correctOptions: draft.correctOptions.flatMap((marked) =>
      marked === index ? [] : [marked > index ? marked - 1 : marked],
    ),
  };
}
