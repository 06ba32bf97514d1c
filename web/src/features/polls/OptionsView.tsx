import type { PollOption } from '@meydan/proto';
import { Suspense } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { tr } from '../../i18n/tr';
import { CheckIcon } from '../../ui/icons';
import { formatPercent, percentOf } from '../../lib/percent';
import { lazyComponent } from '../../ui/lazyComponent';
import { OptionText } from './OptionImage';
import { OptionList as List } from './optionList';

// Few cards on the first screen are multiple-choice ballots: their form (and its texts) loads when one is shown.
export const BallotForm = lazyComponent(() => import('./BallotForm'), 'BallotForm');
/** A ranked poll's ballot or rounds ('Sıralamalı oy'): loaded only where one is shown. */
export const RankedChoice = lazyComponent(() => import('./RankedChoice'), 'RankedChoice');

export interface OptionsViewProps {
  options: readonly PollOption[];
  total: number;
  /** Results (bars) instead of buttons: after voting, or when voting is over. */
  showResults: boolean;
  userChoice: number | null;
  /** 1 on poll cards, 0 on the friends' card and the public page. */
  decimals: number;
  onVote?: (index: number) => void;
  disabled?: boolean;
  /** The option being voted for right now. */
  pending?: number | null;
  /** With showResults: each result is also a vote button (a single-choice poll whose results show before voting). */
  votable?: boolean;
  /** Options one ballot may mark: above 1, checkboxes and 'Oy ver' (onBallot) instead of one button per option. */
  maxChoices?: number;
  /** Every option of the viewer's ballot (a multiple-choice poll's several); userChoice alone when absent. */
  userChoices?: readonly number[];
  onBallot?: (indexes: number[]) => void;
}

/** A poll's options: buttons before voting, then bars with percentage and vote count, the viewer's choice marked. */
export function OptionsView(props: OptionsViewProps) {
  const {
    options,
    total,
    showResults,
    userChoice,
    decimals,
    onVote,
    disabled,
    pending,
    votable,
    maxChoices = 1,
    userChoices,
    onBallot,
  } = props;
  if (!showResults && maxChoices > 1) {
    return (
      <Suspense fallback={<BallotSpace $options={options.length} aria-hidden="true" data-ballot-space />}>
        <BallotForm
          options={options}
          maxChoices={maxChoices}
          disabled={disabled}
          busy={pending != null}
          onSubmit={(indexes) => onBallot?.(indexes)}
        />
      </Suspense>
    );
  }
  if (!showResults) {
    return (
      <List aria-label={tr.poll.optionsLabel}>
        {options.map((option) => (
          <li key={option.id}>
            <OptionButton
              type="button"
              disabled={disabled}
              aria-busy={pending === option.id || undefined}
              onClick={() => onVote?.(option.id)}
              data-option={option.id}
            >
              <OptionText option={option} />
            </OptionButton>
          </li>
        ))}
      </List>
    );
  }
  const results = (
    <List aria-label={tr.poll.resultsLabel} data-results>
      {options.map((option) => {
        const value = percentOf(option.votes, total, decimals);
        const label = formatPercent(value, decimals);
        const chosen = userChoices ? userChoices.includes(option.id) : option.id === userChoice;
        return (
          <li key={option.id}>
            <Result
              $chosen={chosen}
              data-option={option.id}
              data-chosen={chosen || undefined}
              {...(votable
                ? {
                    as: 'button' as const,
                    type: 'button',
                    disabled,
                    'aria-busy': pending === option.id || undefined,
                    onClick: () => onVote?.(option.id),
                  }
                : {})}
            >
              <Fill style={{ width: `${value}%` }} $chosen={chosen} aria-hidden="true" />
              <ResultText>
                <OptionText option={option} />
                {chosen ? <ChosenMark /> : null}
              </ResultText>
              <Numbers>
                <strong data-percent>{label}</strong>
                <span data-votes>{tr.poll.votes(option.votes)}</span>
              </Numbers>
            </Result>
          </li>
        );
      })}
    </List>
  );
  if (maxChoices === 1) return results;
  return (
    <>
      {results}
      <VotersNote data-voters>{tr.poll.ballotResults(total)}</VotersNote>
    </>
  );
}

/**
 * The ballot's height while its chunk arrives — the hint, a 2.75rem row per option 0.6rem apart, 'Oy ver' — so the
 * card does not grow under what follows it when the form comes.
 */
const BallotSpace = styled.div<{ $options: number }>`
  min-height: calc(${({ $options }) => $options} * 3.35rem + 4.2rem);
`;

const VotersNote = styled.p`
  margin: 0;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const pulse = keyframes`50% { opacity: 0.6; }`;

const OptionButton = styled.button`
  width: 100%;
  min-height: 2.75rem;
  padding: 0.6rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  text-align: left;
  cursor: pointer;
  transition: border-color 120ms ease, background-color 120ms ease, transform 80ms ease;

  &:hover:not(:disabled) {
    border-color: ${({ theme }) => theme.colors.primary};
    background: color-mix(in srgb, ${({ theme }) => theme.colors.primary} 10%, ${({ theme }) => theme.colors.surfaceRaised});
  }
  &:active:not(:disabled) { transform: scale(0.99); }
  &:disabled { cursor: not-allowed; opacity: 0.7; }
  &[aria-busy='true'] { animation: ${pulse} 1s ease-in-out infinite; }
`;

const Result = styled.div<{ $chosen: boolean }>`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  min-height: 2.75rem;
  padding: 0.5rem 0.9rem;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $chosen }) => ($chosen ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  ${({ $chosen }) => $chosen && css`font-weight: 700;`}

  &:is(button) {
    width: 100%;
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    text-align: left;
    cursor: pointer;
  }
  &:is(button):hover:not(:disabled) { border-color: ${({ theme }) => theme.colors.primary}; }
  &:is(button):disabled { cursor: not-allowed; }
`;

const Fill = styled.span<{ $chosen: boolean }>`
  position: absolute;
  inset: 0 auto 0 0;
  background: ${({ theme, $chosen }) =>
    $chosen
      ? `color-mix(in srgb, ${theme.colors.primary} 30%, transparent)`
      : `color-mix(in srgb, ${theme.colors.textMuted} 18%, transparent)`};
  transition: width 400ms ease;
`;

const ResultText = styled.span`
  position: relative;
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  min-width: 0;
  overflow-wrap: anywhere;

  .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
`;

/** The check on the viewer's own choice. */
export const ChosenMark = () => (
  <Chosen title={tr.poll.yourChoice}>
    <CheckIcon />
    <span className="sr">{tr.poll.yourChoice}</span>
  </Chosen>
);

const Chosen = styled.span`
  display: inline-flex;
  color: ${({ theme }) => theme.colors.primary};
  svg { width: 1.1rem; height: 1.1rem; }
`;

const Numbers = styled.span`
  position: relative;
  display: inline-flex;
  align-items: baseline;
  gap: 0.5rem;
  flex-shrink: 0;
  font-variant-numeric: tabular-nums;

  span { font-size: 0.8rem; font-weight: 500; color: ${({ theme }) => theme.colors.textMuted}; }
  /* The chosen option's stronger fill leaves too little contrast for muted text. */
  [data-chosen] & span { color: ${({ theme }) => theme.colors.text}; }
`;
