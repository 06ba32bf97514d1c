import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { useThrottledAnnouncement } from './useThrottledAnnouncement';

/** How often, at most, a live value is read out to screen readers. */
export const liveAnnouncementIntervalMs = 10_000;

/**
 * A screen-reader-only polite status for a value that changes live: the visible value itself is no live region, so
 * each push is not read out; this one speaks the latest value at most once per `intervalMs`.
 */
export function PoliteAnnouncement({
  text,
  intervalMs = liveAnnouncementIntervalMs,
  name,
}: {
  text: string;
  intervalMs?: number;
  name?: string;
}) {
  const announced = useThrottledAnnouncement(text, intervalMs);
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-announcement={name}>
      {announced}
    </VisuallyHidden>
  );
}
