import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Brings the element the URL's #fragment names into view and moves focus there once `ready` (the screen's data has
 * loaded and the element is on the page). A client-side navigation never scrolls to a fragment by itself, and the
 * browser's own attempt on a full load comes before a lazy screen has rendered anything.
 */
export function useScrollToHash(ready: boolean): void {
  // Each visit (a new location, even to the same fragment) scrolls again.
  const location = useLocation();
  useEffect(() => {
    const { hash } = location;
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    // jsdom has no scrollIntoView.
    target.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  }, [ready, location]);
}
