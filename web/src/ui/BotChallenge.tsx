import { useEffect, useRef, useState } from 'react';
import type {} from 'altcha/types/react';
import { Spinner } from './Spinner';

interface BotChallengeProps {
  /** Where the widget fetches its challenge. */
  challengeUrl: string;
  /** The solved payload once the widget verified, null while it is not (expired, error, started again). */
  onChange: (payload: string | null) => void;
}

/** The proof-of-work widget: solves its challenge in the browser as soon as it shows and reports the payload. */
export function BotChallenge({ challengeUrl, onChange }: BotChallengeProps) {
  const ref = useRef<HTMLElement>(null);
  const [loaded, setLoaded] = useState(false);
  const report = useRef(onChange);
  report.current = onChange;

  useEffect(() => {
    let live = true;
    void import('./altcha-widget').then(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const widget = ref.current;
    if (!loaded || !widget) return;
    const changed = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      report.current(state === 'verified' && payload ? payload : null);
    };
    widget.addEventListener('statechange', changed);
    return () => widget.removeEventListener('statechange', changed);
  }, [loaded]);

  if (!loaded) return <Spinner />;
  return <altcha-widget ref={ref} challenge={challengeUrl} auto="onload" language="tr" name="altcha" />;
}
