import { useEffect, useState } from 'react';
import { formatDateTime } from '../lib/time';

/**
 * A date and time as the reader's own clock reads it ('5 Mart 2025 14:30'), for a title: empty in the first render and
 * filled in right after it. A share link or a poll's page is drawn on a server whose time zone is not the reader's,
 * and React keeps the attributes of a page it takes over as the server wrote them (gateway/src/server-render.ts).
 */
export function useLocalDateTime(at: string | number | Date | null | undefined): string {
  const [text, setText] = useState('');
  const key = at === null || at === undefined ? null : new Date(at).getTime();
  useEffect(() => setText(key === null ? '' : formatDateTime(key)), [key]);
  return text;
}
