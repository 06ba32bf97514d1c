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
  const pad = 60;
  const titleLines = wrapText(poll.title, 32, 2);
  const options = poll.options.slice(0, 6);
  const top = 130 + titleLines.length * 62;
  const rowHeight = Math.min(64, Math.floor((CARD_HEIGHT - 40 - top) / Math.max(1, options.length)));
  const barHeight = rowHeight - 12;
  const fontSize = Math.min(28, barHeight - 16);
  const total = poll.totalVotes;
  const rows = options.map((option, i) => {
    const y = top + i * rowHeight;
    const share = showResults && total > 0 ? option.votes / total : 0;
    const percent = Math.round(share * 100);
    const width = CARD_WIDTH - 2 * pad;
    const mark = poll.correctOptionIndexes?.includes(i) ? '✓ ' : '';
    const text = `<text x="${pad + 20}" y="${y + barHeight / 2 + fontSize / 3}" font-size="${fontSize}" fill="#1f2937">${escapeXml(mark + clip(option.text, 52))}</text>`;
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
    ? `<text x="${CARD_WIDTH - pad}" y="78" font-size="28" text-anchor="end" fill="#4b5563">${total} oy</text>`
    : note
      ? `<text x="${CARD_WIDTH - pad}" y="78" font-size="20" text-anchor="end" fill="#4b5563">${escapeXml(clip(note, 80))}</text>`
      : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="${FONT}">`,
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="#ffffff"/>`,
    `<rect width="${CARD_WIDTH}" height="16" fill="#4f46e5"/>`,
    `<text x="${pad}" y="78" font-size="32" font-weight="bold" fill="#4f46e5">Meydan</text>`,
    poll.kind === 'quiz' ? `<text x="${pad + 150}" y="76" font-size="24" fill="#4b5563">Bilgi yarışması</text>` : '',
    votes,
    title,
    ...rows,
    '</svg>',
  ].join('');
}
