import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The key react-router's own ScrollRestoration kept them under, so a tab open across a release keeps its places. */
const STORAGE_KEY = 'react-router-scroll-positions';

/** Where the window was scrolled on each history entry, by its location key. */
let positions: Record<string, number> | null = null;

function savedPositions(): Record<string, number> {
  if (!positions) {
    try {
      positions = (JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number> | null) ?? {};
    } catch {
      positions = {};
    }
  }
  return positions;
}

/** Scrolls to the element the #fragment names, if there is one: whether it did. */
function scrollToFragment(hash: string): boolean {
  if (!hash) return false;
  try {
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return false;
    target.scrollIntoView();
    return true;
  } catch {
    // Not a decodable id (or no scrollIntoView, as in jsdom): the page opens at the top.
    return false;
  }
}

/**
 * What react-router's ScrollRestoration did under its data router, without that router (the first load of / is on a
 * budget, web/scripts/initial-js.ts): back or forward to a history entry returns to where it was left, across a reload
 * too (kept in sessionStorage when the page is hidden); a new entry opens at its #fragment's element, or at the top.
 * An entry's place is recorded as the window scrolls, so it is where the entry was left: a navigation draws the next
 * screen and scrolls for it in one task, before the browser tells of the scroll a shorter page forces.
 */
export function ScrollRestoration() {
  const location = useLocation();

  // Left to itself, the browser would restore a place on back and forward before the screen is drawn.
  useEffect(() => {
    history.scrollRestoration = 'manual';
    return () => {
      history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const { key, hash } = location;
    const places = savedPositions();
    const saved = places[key];
    if (typeof saved === 'number') window.scrollTo(0, saved);
    else if (!scrollToFragment(hash)) window.scrollTo(0, 0);
    places[key] ??= window.scrollY;
    const record = () => {
      places[key] = window.scrollY;
    };
    const keep = () => {
      record();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(places));
      } catch {
        // Storage full or refused: back and forward still work within this page's life.
      }
      history.scrollRestoration = 'auto';
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', keep);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', keep);
    };
  }, [location]);

  return null;
}
