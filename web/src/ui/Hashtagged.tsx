import { Fragment } from 'react';
import { Link } from 'react-router-dom';

const TAG = /#([\p{L}\p{N}_]{2,50})/gu;

/** A title or description with each `#etiket` a link to that tag's page (/etiket/:tag). */
export function Hashtagged({ text }: { text: string }) {
  const parts: (string | { tag: string; raw: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push({ tag: match[1]!, raw: match[0] });
    last = match.index + match[0].length;
  }
  if (parts.length === 0) return <>{text}</>;
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, i) =>
        typeof part === 'string' ? (
          <Fragment key={i}>{part}</Fragment>
        ) : (
          <Link key={i} to={`/etiket/${encodeURIComponent(part.tag.toLocaleLowerCase('tr-TR'))}`} data-hashtag>
            {part.raw}
          </Link>
        ),
      )}
    </>
  );
}
