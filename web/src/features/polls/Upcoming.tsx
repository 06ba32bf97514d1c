import type { Poll } from '@meydan/proto';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { DAY, toMs } from '../../lib/time';
import { useLocalDateTime } from '../../ui/localTime';
import { apiErrorMessage } from '../../store/api';
import { Button } from '../../ui/buttons';
import { ClockIcon } from '../../ui/icons';
import { useCurrentUser } from '../session/sessionApi';
import { useToast } from '../toasts/useToast';
import { useSetOpeningReminderMutation } from './openingApi';
import { OptionImagesProvider, OptionText } from './OptionImage';
import { OptionList } from './optionList';

/** The countdown to an opening: '2 gün 3 saat' from a day, else '1:02:03' or '0:05' (whole seconds, rounded up). */
export function countdownText(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s * 1000 >= DAY) return tr.poll.countdownDays(Math.floor(s / 86_400), Math.floor((s % 86_400) / 3600));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

/**
 * Whether a scheduled poll is still before its opening, and how long is left: re-rendered as each second of the
 * countdown passes and once at the opening itself (then never again), so a card flips to its vote buttons on time.
 */
export function useOpening(startsAt: string | null | undefined): { upcoming: boolean; msLeft: number } {
  const at = startsAt ? toMs(startsAt) : 0;
  const [now, setNow] = useState(() => Date.now());
  const upcoming = at > now;
  useEffect(() => {
    if (!upcoming) return undefined;
    // The next whole second of the countdown (or the opening itself), from the time of this render.
    const left = at - now;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, left % 1000 || 1000));
    return () => clearTimeout(timer);
  }, [upcoming, at, now]);
  return { upcoming, msLeft: Math.max(0, at - now) };
}

/**
 * A poll before its opening, in place of its vote buttons: 'Yakında' with the live countdown, its options to read,
 * and for a member who may ask (not its creator, not through a share link) 'Açılınca haber ver'.
 */
export function UpcomingPoll({
  poll,
  msLeft,
  remindable = true,
}: {
  poll: Poll;
  msLeft: number;
  remindable?: boolean;
}) {
  const { user } = useCurrentUser();
  const canRemind = remindable && Boolean(user) && user?.id !== poll.creatorId && !poll.isShareable;
  const opensAt = useLocalDateTime(poll.startsAt);
  return (
    <>
      <Note data-upcoming>
        <ClockIcon />
        <Badge>{tr.poll.upcoming}</Badge>
        <span>
          {tr.poll.opensIn}{' '}
          {/* A page the server drew counted from its own time: the next second's tick sets the reader's. */}
          <Countdown
            role="timer"
            data-countdown
            title={opensAt ? tr.poll.opensAt(opensAt) : undefined}
            suppressHydrationWarning
          >
            {countdownText(msLeft)}
          </Countdown>
        </span>
        {canRemind ? <ReminderButton poll={poll} /> : null}
      </Note>
      <OptionImagesProvider images={poll.optionImages}>
        <OptionList aria-label={tr.poll.upcomingOptionsLabel} data-upcoming-options>
          {poll.options.map((option) => (
            <Item key={option.id} data-option={option.id}>
              <OptionText option={option} />
            </Item>
          ))}
        </OptionList>
      </OptionImagesProvider>
    </>
  );
}

/** 'Açılınca haber ver', pressed while the member is to be told. */
function ReminderButton({ poll }: { poll: Poll }) {
  const toast = useToast();
  const [reminded, setReminded] = useState(poll.remindOnOpening === true);
  const [setReminder, { isLoading }] = useSetOpeningReminderMutation();
  const toggle = async () => {
    try {
      const answer = await setReminder({ pollId: poll.id, remind: !reminded }).unwrap();
      setReminded(answer.reminded);
      if (answer.reminded) toast({ title: tr.poll.reminded, description: tr.poll.remindSaved, variant: 'success' });
    } catch (err) {
      toast({ title: tr.poll.remindFailed, description: apiErrorMessage(err), variant: 'error' });
    }
  };
  return (
    <Button
      $size="sm"
      $variant={reminded ? 'subtle' : 'primary'}
      aria-pressed={reminded}
      disabled={isLoading}
      title={reminded ? tr.poll.remindCancel : undefined}
      data-action="opening-reminder"
      onClick={() => void toggle()}
    >
      {reminded ? tr.poll.reminded : tr.poll.remind}
    </Button>
  );
}

const Note = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 0.6rem;
  align-items: center;
  padding: 0.55rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.9rem;

  svg { flex-shrink: 0; width: 1rem; height: 1rem; }
  button { margin-left: auto; }
`;

const Badge = styled.strong`
  font-weight: 800;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const Countdown = styled.span`
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const Item = styled.li`
  min-height: 2.75rem;
  display: flex;
  align-items: center;
  padding: 0.5rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  font-weight: 500;
  overflow-wrap: anywhere;
`;
