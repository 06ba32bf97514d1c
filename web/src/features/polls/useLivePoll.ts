import { useEffect, useState, type RefObject } from 'react';
import { useRealtime } from '../../store/store';

/**
 * Follows a poll's live counts while its card is on screen (or near it). Without IntersectionObserver (old
 * browsers, tests) the poll is followed while the card is mounted.
 */
export function useLivePoll(ref: RefObject<Element | null>, pollId: string, enabled = true): void {
  const realtime = useRealtime();
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setVisible(entries.some((e) => e.isIntersecting)), {
      rootMargin: '200px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);

  useEffect(() => {
    if (!enabled || !visible) return;
    return realtime.follow([pollId]);
  }, [realtime, pollId, visible, enabled]);
}
