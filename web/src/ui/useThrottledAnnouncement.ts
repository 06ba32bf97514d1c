import { useEffect, useRef, useState } from 'react';

/**
 * The text for a polite live region that follows a fast-changing value (a live vote count) without reading out
 * every tick: nothing for the first value (the page already shows it), then at most one change per `intervalMs`,
 * always ending on the latest value.
 */
export function useThrottledAnnouncement(text: string, intervalMs: number): string {
  const [announced, setAnnounced] = useState('');
  const first = useRef(text);
  const lastAt = useRef(0);

  useEffect(() => {
    if (text === first.current && lastAt.current === 0) return;
    const wait = Math.max(0, lastAt.current + intervalMs - Date.now());
    const timer = setTimeout(() => {
      lastAt.current = Date.now();
      setAnnounced(text);
    }, wait);
    return () => clearTimeout(timer);
  }, [text, intervalMs]);

  return announced;
}
