import type { Poll, PollOption } from '@meydan/proto';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { ClockIcon } from '../../ui/icons';
import { OptionImagesProvider, OptionText } from './OptionImage';
import { ChosenMark, OptionsView, type OptionsViewProps } from './OptionsView';
import { OptionList as List } from './optionList';
import { drawsResults, resultsHiddenNote } from './resultsVisibility';

type ViewerPoll = Pick<Poll, 'resultsVisible' | 'resultsVisibility' | 'expiresAt' | 'optionImages'>;

/**
 * A poll's options as its results visibility lets the viewer see them: vote buttons, results (which are vote buttons
 * too where they show before voting), or, where the results are hidden from a viewer who can no longer vote, the
 * options with their own choice; and where the mode hides them, the sentence saying when they show.
 * `resultsOnly`: a view that never votes (an embed following a poll) draws the results wherever they are shown.
 */
export function PollOptions({
  poll,
  open,
  hasVoted,
  resultsOnly = false,
  ...view
}: Omit<OptionsViewProps, 'showResults' | 'votable'> & {
  poll: ViewerPoll;
  open: boolean;
  hasVoted: boolean;
  resultsOnly?: boolean;
}) {
  const note = resultsHiddenNote(poll);
  const hidden = poll.resultsVisible === false;
  // A multiple-choice ballot is its own form: its results show before voting only in a view that never votes.
  const ballot = (view.maxChoices ?? 1) > 1 && open && !hasVoted && !resultsOnly;
  const showResults = resultsOnly ? !hidden : !ballot && drawsResults({ ...poll, hasVoted }, open);
  return (
    <OptionImagesProvider images={poll.optionImages}>
      {hidden && (hasVoted || !open || resultsOnly) ? (
        <HiddenResults options={view.options} userChoice={view.userChoice} userChoices={view.userChoices} />
      ) : (
        <OptionsView
          {...view}
          showResults={showResults}
          votable={showResults && open && !hasVoted && view.onVote !== undefined}
        />
      )}
      {note ? <ResultsHiddenNote text={note} /> : null}
    </OptionImagesProvider>
  );
}

/**
 * A poll's options where its results are hidden from the viewer who can no longer vote (voted, or it ended): the texts
 * and the viewer's own choice, no bars, no figures.
 */
export function HiddenResults({
  options,
  userChoice,
  userChoices,
}: {
  options: readonly PollOption[];
  userChoice: number | null;
  /** A multiple-choice ballot's options (userChoice alone when absent). */
  userChoices?: readonly number[] | undefined;
}) {
  return (
    <List aria-label={tr.poll.resultsHiddenLabel} data-results-hidden-list>
      {options.map((option) => {
        const chosen = userChoices?.length ? userChoices.includes(option.id) : option.id === userChoice;
        return (
          <Item key={option.id} $chosen={chosen} data-option={option.id} data-chosen={chosen || undefined}>
            <OptionText option={option} />
            {chosen ? <ChosenMark /> : null}
          </Item>
        );
      })}
    </List>
  );
}

/** Why the results are hidden and when they show ('Sonuçlar anket bitince görünecek'). */
export function ResultsHiddenNote({ text }: { text: string }) {
  return (
    <Note data-results-hidden>
      <ClockIcon />
      {text}
    </Note>
  );
}

const Item = styled.li<{ $chosen: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.6rem;
  min-height: 2.75rem;
  padding: 0.5rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px ${({ $chosen }) => ($chosen ? 'solid' : 'dashed')} ${({ theme, $chosen }) => ($chosen ? theme.colors.primary : theme.colors.border)};
  font-weight: ${({ $chosen }) => ($chosen ? 700 : 500)};
  overflow-wrap: anywhere;

  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

const Note = styled.p`
  display: flex;
  gap: 0.4rem;
  align-items: center;
  margin: 0;
  padding: 0.45rem 0.7rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;

  svg { flex-shrink: 0; width: 0.95rem; height: 0.95rem; }
`;
