import type { PollOption } from '@meydan/proto';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { trPolls } from '../../i18n/tr-polls';
import { BallotFieldset, BallotHint, BallotSubmit } from './ballotParts';
import { OptionText } from './OptionImage';
import { OptionList as List } from './optionList';

export interface BallotFormProps {
  options: readonly PollOption[];
  /** How many options the ballot may mark (more than 1). */
  maxChoices: number;
  disabled?: boolean;
  /** The ballot is being sent. */
  busy?: boolean;
  onSubmit: (indexes: number[]) => void;
}

/**
 * A multiple-choice poll before voting: checkboxes, at most `maxChoices` ticked (the others are then disabled), and
 * 'Oy ver' sends them as one ballot.
 */
export function BallotForm({ options, maxChoices, disabled, busy, onSubmit }: BallotFormProps) {
  const [chosen, setChosen] = useState<number[]>([]);
  const hintId = useId();
  const full = chosen.length >= maxChoices;

  const toggle = (id: number, checked: boolean) =>
    setChosen((current) => (checked ? [...current, id].slice(0, maxChoices) : current.filter((c) => c !== id)));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen.length > 0) onSubmit([...chosen].sort((a, b) => a - b));
  }

  return (
    <form onSubmit={submit} data-ballot={maxChoices} aria-busy={busy || undefined}>
      <BallotFieldset aria-describedby={hintId} disabled={disabled}>
        <legend className="sr">{tr.poll.optionsLabel}</legend>
        <BallotHint id={hintId}>
          {trPolls.ballot.hint(maxChoices)}{' '}
          <span aria-live="polite">{trPolls.ballot.count(chosen.length, maxChoices)}</span>
        </BallotHint>
        <List>
          {options.map((option) => {
            const checked = chosen.includes(option.id);
            return (
              <li key={option.id}>
                <Choice data-option={option.id} data-checked={checked || undefined}>
                  <input
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && full}
                    onChange={(e) => toggle(option.id, e.target.checked)}
                  />
                  <OptionText option={option} />
                </Choice>
              </li>
            );
          })}
        </List>
        <BallotSubmit
          type="submit"
          $variant="primary"
          disabled={chosen.length === 0 || busy}
          title={chosen.length === 0 ? trPolls.ballot.empty : undefined}
        >
          {trPolls.ballot.submit}
        </BallotSubmit>
      </BallotFieldset>
    </form>
  );
}

const Choice = styled.label`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  min-height: 2.75rem;
  padding: 0.5rem 0.9rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  cursor: pointer;
  overflow-wrap: anywhere;

  &[data-checked] { border-color: ${({ theme }) => theme.colors.primary}; }
  &:has(input:disabled) { cursor: not-allowed; border-style: dashed; }
  input { flex-shrink: 0; width: 1.15rem; height: 1.15rem; margin: 0; accent-color: ${({ theme }) => theme.colors.primary}; }
`;
