/**
 * A poll's card for link previews: a 1200×630 SVG (the size og:image crawlers want) with the title, the options and,
 * where the visitor may see results, their bars. Pure: the PNG is made from it one layer up.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** A font with every Turkish letter (ç ğ ı İ ö ş ü): Debian's fonts-dejavu-core, which the install scripts add. */
const FONT = "'DejaVu Sans', sans-serif";

export interface CardPoll {
  title: string;
  options: { text: string; votes: number }[];
  totalVotes: number;
  /** A quiz ('Bilgi yarışması') says so; its correct option is marked ✓ only when given (a visitor's: once it ended). */
  kind?: string;
  correctOptionIndexes?: readonly number[];
  /** A ranked poll's runoff ('Sıralamalı oy'), given only where a visitor sees its counts. */
  runoff?: { rounds: readonly unknown[]; winner: number | null; share: number | null };
  /** Its options' images: each drawn as a square at the start of its option's row (usecases/option-images.ts). */
  optionImages?: readonly ({ id: string } | null)[];
}

/** Where an option's image goes on the card: a square of `size` pixels at (`left`, `top`). */
export interface CardImageSlot {
  id: string;
  left: number;
  top: number;
  size: number;
}

const PAD = 60;

/** The rows' geometry: where the first starts, each row's height and its bar's (the image's square). */
function rowsOf(poll: CardPoll, showResults: boolean) {
  const titleLines = wrapText(poll.title, 32, 2);
  const options = poll.options.slice(0, 6);
  const result = runoffLine(poll, showResults);
  const top = 130 + titleLines.length * 62 + (result ? 44 : 0);
  const rowHeight = Math.min(64, Math.floor((CARD_HEIGHT - 40 - top) / Math.max(1, options.length)));
  return { titleLines, options, result, top, rowHeight, barHeight: rowHeight - 12 };
}

/** The squares the options' images are drawn in, over the card's PNG (the SVG leaves them room). */
export function cardImageSlots(poll: CardPoll, showResults: boolean): CardImageSlot[] {
  const { options, top, rowHeight, barHeight } = rowsOf(poll, showResults);
  return options.flatMap((_, i) => {
    const image = poll.optionImages?.[i];
    return image ? [{ id: image.id, left: PAD, top: top + i * rowHeight, size: barHeight }] : [];
  });
}

/** The name a kind of poll is written under beside 'Meydan', or none for a standard poll. */
const KIND_LABELS: Record<string, string> = { quiz: 'Bilgi yarışması', ranked: 'Sıralamalı oy' };

/** A share (0–1) the Turkish way with one decimal: '%66,7'. */
const percentLabel = (share: number) => `%${(Math.round(share * 1000) / 10).toFixed(1).replace('.', ',')}`;

/**
 * A ranked poll's result line, where its runoff is shown and has a winner: the winner, its share of the deciding round
 * and the round that decided it. The bars beneath are the first preferences (the vote count says so).
 */
function runoffLine(poll: CardPoll, showResults: boolean): string | null {
  const runoff = poll.runoff;
  if (!showResults || !runoff || runoff.winner === null) return null;
  const winner = clip(poll.options[runoff.winner]?.text ?? '', 36);
  return `Kazanan: ${winner} · ${percentLabel(runoff.share ?? 0)} · ${runoff.rounds.length}. turda`;
}

/**
 * Characters an SVG (XML) document may not hold, or that its renderer refuses: control characters (C0 but tab, line feed
 * and carriage return; C1), lone surrogate halves and the non-characters U+FFFE/U+FFFF. A poll's text may hold any of
 * them (a title is any string): they are left out of the card rather than fail its rendering.
 */
const NOT_IN_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this pattern removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const escapeXml = (text: string) =>
  text
    .replace(NOT_IN_XML, '')
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Cuts a text to at most `max` characters (by code point), with an ellipsis when cut. */
function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/** Breaks a text into at most `lines` lines of about `width` characters at spaces; the last line is clipped. */
export function wrapText(text: string, width: number, lines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const next = line ? `${line} ${word}` : word;
    if ([...next].length <= width || !line) {
      line = next;
      continue;
    }
    out.push(line);
    line = word;
    if (out.length === lines - 1) {
      out.push(clip([line, ...words.slice(i + 1)].join(' '), width));
      return out;
    }
  }
  if (line) out.push(clip(line, width));
  return out.slice(0, lines);
}

/**
 * The card as SVG. `showResults` false draws the options without bars, counts or percentages; `note` (why the results
 * are hidden and when they show) then goes where the vote count would be.
 */
export function pollCardSvg(poll: CardPoll, showResults: boolean, note: string | null = null): string {
  const pad = PAD;
  const { titleLines, options, result, top, rowHeight, barHeight } = rowsOf(poll, showResults);
  const fontSize = Math.min(28, barHeight - 16);
  const total = poll.totalVotes;
  const rows = options.map((option, i) => {
    const y = top + i * rowHeight;
    const share = showResults && total > 0 ? option.votes / total : 0;
    const percent = Math.round(share * 100);
    const width = CARD_WIDTH - 2 * pad;
    const mark = poll.correctOptionIndexes?.includes(i) || (result && poll.runoff?.winner === i) ? '✓ ' : '';
    // An option with an image leaves its square (drawn over the PNG) before the text.
    const textX = pad + 20 + (poll.optionImages?.[i] ? barHeight : 0);
    const text = `<text x="${textX}" y="${y + barHeight / 2 + fontSize / 3}" font-size="${fontSize}" fill="#1f2937">${escapeXml(mark + clip(option.text, 52))}</text>`;
    const bar =
      showResults && share > 0
        ? `<rect x="${pad}" y="${y}" width="${Math.max(barHeight, Math.round(width * share))}" height="${barHeight}" rx="12" fill="#a5b4fc"/>`
        : '';
    const figure = showResults
      ? `<text x="${CARD_WIDTH - pad - 20}" y="${y + barHeight / 2 + fontSize / 3}" font-size="${fontSize}" font-weight="bold" text-anchor="end" fill="#312e81">%${percent}</text>`
      : '';
    return `<rect x="${pad}" y="${y}" width="${width}" height="${barHeight}" rx="12" fill="#eef2ff"/>${bar}${text}${figure}`;
  });
  const title = titleLines
    .map(
      (line, i) =>
        `<text x="${pad}" y="${150 + i * 62}" font-size="52" font-weight="bold" fill="#111827">${escapeXml(line)}</text>`,
    )
    .join('');
  const votes = showResults
    ? `<text x="${CARD_WIDTH - pad}" y="78" font-size="28" text-anchor="end" fill="#4b5563">${total} oy${result ? ' (ilk tercihler)' : ''}</text>`
    : note
      ? `<text x="${CARD_WIDTH - pad}" y="78" font-size="20" text-anchor="end" fill="#4b5563">${escapeXml(clip(note, 80))}</text>`
      : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#ffffff"/>`,
    `<rect width="${CARD_WIDTH}" height="16" fill="#4f46e5"/>`,
    `<text x="${pad}" y="78" font-size="32" font-weight="bold" fill="#4f46e5">Meydan</text>`,
    poll.kind && KIND_LABELS[poll.kind]
      ? `<text x="${pad + 150}" y="76" font-size="24" fill="#4b5563">${KIND_LABELS[poll.kind]}</text>`
      : '',
    votes,
    title,
    result
      ? `<text x="${pad}" y="${128 + titleLines.length * 62}" font-size="26" font-weight="bold" fill="#166534">${escapeXml(result)}</text>`
      : '',
    ...rows,
    '</svg>',
  ].join('');
}
