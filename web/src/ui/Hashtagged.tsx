import { Fragment } from 'react';
import { Link } from 'react-router-dom';

const TAG = /#([\p{L}\p{N}_]{2,50})/gu;

/** A title or description with each `#etiket` a link to that tag's page (/etiket/:tag). */
export function Hashtagged({ text }: { text: string }) {
  /** The text's pieces, each keyed by where it starts in the text: plain text, or a tag (`tag`, its name). */
  const parts: { at: number; raw: string; tag?: string }[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push({ at: last, raw: text.slice(last, match.index) });
    parts.push({ at: match.index, raw: match[0], tag: match[1]! });
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return <>{text}</>;
  if (last < text.length) parts.push({ at: last, raw: text.slice(last) });
  return (
    <>
      {parts.map(({ at, raw, tag }) =>
        tag === undefined ? (
          <Fragment key={at}>{raw}</Fragment>
        ) : (
          <Link key={at} to={`/etiket/${encodeURIComponent(tag.toLocaleLowerCase('tr-TR'))}`} data-hashtag>
            {raw}
          </Link>
        ),
      )}
    </>
  );
}
