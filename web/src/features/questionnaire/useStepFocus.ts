// Keeps each new wizard step at its top and moves focus to its heading.
import { useEffect, useRef } from 'react';

/**
 * A new step starts at its top (the progress and its heading), not where the last one was scrolled to, and a screen
 * reader hears which step it is.
 */
export function useStepFocus(step: number) {
  const frame = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    frame.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [step]);
  return { frame, heading };
}
