import type { Poll } from '@meydan/proto';
import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { trReach } from '../../i18n/tr-reach';
import { Button, ButtonLink } from '../../ui/buttons';
import { useDocumentTitle } from '../../ui/Page';
import { formatPercent, percentOf } from '../../lib/percent';
import { formatDateTime, isOpen } from '../../lib/time';
import { PoliteAnnouncement } from '../../ui/PoliteAnnouncement';
import { Spinner } from '../../ui/Spinner';
import { FlowsPanel } from '../polls/FlowsPanel';
import { usePollQuery } from '../polls/pollsApi';
import { HiddenResults, ResultsHiddenNote } from '../polls/PollOptions';
import { resultsHiddenNote } from '../polls/resultsVisibility';
import { pollShareUrl } from '../polls/share';
import { UpcomingPoll, useOpening } from '../polls/Upcoming';
import { useLivePoll } from '../polls/useLivePoll';
import { useQrCode } from '../polls/ShareTools';
import { PresenterQuiz } from './PresenterQuiz';
import { PresenterRanked } from './PresenterRanked';
import { OptionImagesProvider, OptionText } from '../polls/OptionImage';

const t = trReach.presenter;

/**
 * /sunum/:id — a poll on a classroom or event screen: large live bars, the QR code and the short address to vote at.
 * It shows what the API shows the viewer: the creator always, others a poll they may see (public, or members').
 */
export function PresenterPage() {
  const { id = '' } = useParams();
  const { data: poll, error } = usePollQuery(id);
  useDocumentTitle(poll?.title ?? t.loading);
  if (poll) return <PresenterStage poll={poll} />;
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">{error ? t.notFound : t.loading}</h1>
      {error ? <ButtonLink to="/">{trReach.pollPage.backHome}</ButtonLink> : <Spinner withText />}
    </section>
  );
}

/** The loaded poll on stage (its element exists from the first render, so the live counts follow it at once). */
function PresenterStage({ poll }: { poll: Poll }) {
  const stage = useRef<HTMLElement>(null);
  useLivePoll(stage, poll.id);
  const url = pollShareUrl(poll);
  const qr = useQrCode(url);
  const [full, setFull] = useState(false);

  const toggleFullscreen = async () => {
    if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    else await stage.current?.requestFullscreen().catch(() => undefined);
    setFull(Boolean(document.fullscreenElement));
  };

  const address = url.replace(/^https?:\/\//, '');
  const open = isOpen(poll.expiresAt);
  // A scheduled poll before its opening: 'Yakında', when it opens and the countdown, in place of the results.
  const { upcoming, msLeft } = useOpening(poll.startsAt);
  return (
    <Stage ref={stage} aria-labelledby="page-title" data-presenter={poll.id}>
      <Top>
        <h1 id="page-title">{poll.title}</h1>
        <Button onClick={() => void toggleFullscreen()} aria-pressed={full}>
          {full ? t.exitFullscreen : t.fullscreen}
        </Button>
      </Top>
      {/* Options with images show them on the stage too, with their alt texts. */}
      <OptionImagesProvider images={poll.optionImages}>
        <Body>
          {upcoming ? (
            <Upcoming data-presenter-upcoming>
              <UpcomingPoll poll={poll} msLeft={msLeft} remindable={false} />
              <p data-opens-at>{tr.poll.opensAt(formatDateTime(poll.startsAt!))}</p>
            </Upcoming>
          ) : poll.resultsVisible === false ? (
            // The poll's results visibility hides the counts from this viewer: the options, and when they show.
            <div>
              <HiddenResults options={poll.options} userChoice={poll.userChoice} />
              <ResultsHiddenNote text={resultsHiddenNote(poll) ?? tr.poll.resultsHidden.friends} />
            </div>
          ) : poll.kind === 'ranked' ? (
            <PresenterRanked poll={poll} />
          ) : (
            <Bars aria-label={t.resultsLabel}>
              {poll.options.map((option) => {
                const value = percentOf(option.votes, poll.totalVotes, 0);
                return (
                  <li key={option.id} data-option={option.id}>
                    <BarHead>
                      <OptionText option={option} />
                      <strong data-percent>{formatPercent(value, 0)}</strong>
                    </BarHead>
                    <Track>
                      <Fill style={{ width: `${value}%` }} />
                    </Track>
                  </li>
                );
              })}
            </Bars>
          )}
          <Aside>
            {qr.svg ? <img src={qr.svg} alt={t.qrAlt(address)} width={240} height={240} /> : null}
            <p>{t.voteAt}</p>
            <Address data-address>{address}</Address>
            <Total data-count="votes">
              {t.votes(poll.totalVotes)} · {upcoming ? tr.poll.upcoming : open ? t.live : t.closed}
            </Total>
          </Aside>
        </Body>
      </OptionImagesProvider>
      {poll.kind === 'quiz' ? <PresenterQuiz poll={poll} /> : null}
      <FlowsPanel poll={poll} large />
      <PoliteAnnouncement name="presenter-votes" text={t.votes(poll.totalVotes)} />
    </Stage>
  );
}

const Stage = styled.section`
  display: flex;
  flex-direction: column;
  gap: 2rem;
  min-height: calc(100vh - 10rem);
  padding: 2rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};

  &:fullscreen { min-height: 100vh; border-radius: 0; padding: 3rem 4rem; }
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 1rem;

  h1 { font-size: clamp(1.75rem, 1rem + 3vw, 3.5rem); font-weight: 800; line-height: 1.15; }
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  gap: 3rem;
  align-items: center;

  @media (max-width: ${({ theme }) => theme.breakpoints.narrow}) { grid-template-columns: 1fr; }
`;

const Upcoming = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  font-size: clamp(1.125rem, 0.9rem + 1vw, 1.75rem);

  [data-opens-at] { margin: 0; font-weight: 700; }
`;

const Bars = styled.ul`
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: 1.5rem;
  padding: 0;
`;

const BarHead = styled.div`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  font-size: clamp(1.25rem, 0.9rem + 1.5vw, 2.25rem);
  font-weight: 700;
  margin-bottom: 0.4rem;
`;

const Track = styled.div`
  height: clamp(1.5rem, 1rem + 2vw, 3rem);
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 400ms ease;

  @media (prefers-reduced-motion: reduce) { transition: none; }
`;

/** At most 24rem: the address breaks anywhere, so the results beside it keep most of the stage. */
const Aside = styled.div`
  max-width: 24rem;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.5rem;
  text-align: center;

  img { background: #ffffff; border-radius: ${({ theme }) => theme.radii.md}; padding: 0.5rem; }
`;

const Address = styled.p`
  font-size: clamp(1.125rem, 0.9rem + 1vw, 1.75rem);
  font-weight: 800;
  word-break: break-all;
`;

const Total = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 1.25rem;
`;
