import type { PollOption } from '@meydan/proto';
import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { trVoteChange } from '../../i18n/tr-vote-change';
import { Button } from '../../ui/buttons';
import { OptionList as List } from './optionList';

export interface VoteChangeBarProps {
  options: readonly PollOption[];
  /** How many options one ballot may mark (1: radio buttons, more: checkboxes). */
  maxChoices: number;
  /** The voter's ballot now. */
  userChoices: readonly number[];
  busy: boolean;
  /** Moves the ballot; resolves once answered (refusals are told by the caller). */
  onChange: (indexes: number[]) => Promise<unknown>;
  onTakeBack: () => Promise<unknown>;
}

const ascending = (list: readonly number[]) => [...list].sort((x, y) => x - y);
const same = (a: readonly number[], b: readonly number[]) => ascending(a).join(',') === ascending(b).join(',');

/**
 * Under a voted poll that allows changing a vote, while it is open: 'Oyumu değiştir' opens the options again (the
 * current ballot ticked; saving needs a different one), 'Oyumu geri çek' takes the vote back.
 */
export function VoteChangeBar({ options, maxChoices, userChoices, busy, onChange, onTakeBack }: VoteChangeBarProps) {
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<number[]>([...userChoices]);
  const hintId = useId();
  const t = trVoteChange.bar;
  const unchanged = chosen.length === 0 || same(chosen, userChoices);

  const toggle = (id: number, checked: boolean) =>
    setChosen((current) =>
      maxChoices === 1 ? [id] : checked ? [...current, id].slice(0, maxChoices) : current.filter((c) => c !== id),
    );

  async function save(event: FormEvent) {
    event.preventDefault();
    if (unchanged) return;
    await onChange([...chosen].sort((a, b) => a - b));
    setEditing(false);
  }

  if (!editing) {
    return (
      <Bar data-vote-change>
        <Note>{t.note}</Note>
        <Buttons>
          <Button
            $size="sm"
            disabled={busy}
            data-vote-change-open
            onClick={() => {
              setChosen([...userChoices]);
              setEditing(true);
            }}
          >
            {t.change}
          </Button>
          <Button $size="sm" $variant="subtle" disabled={busy} data-vote-take-back onClick={() => void onTakeBack()}>
            {t.takeBack}
          </Button>
        </Buttons>
      </Bar>
    );
  }
  return (
    <form onSubmit={(e) => void save(e)} data-vote-change-form aria-busy={busy || undefined}>
      <Fieldset aria-describedby={hintId} disabled={busy}>
        <legend>{t.legend}</legend>
        <Note id={hintId}>{t.pickOther}</Note>
        <List>
          {options.map((option) => {
            const checked = chosen.includes(option.id);
            return (
              <li key={option.id}>
                <Choice data-option={option.id} data-checked={checked || undefined}>
                  <input
                    type={maxChoices === 1 ? 'radio' : 'checkbox'}
                    name={`${hintId}-choice`}
                    checked={checked}
                    disabled={maxChoices > 1 && !checked && chosen.length >= maxChoices}
                    onChange={(e) => toggle(option.id, e.target.checked)}
                  />
                  <span>{option.text}</span>
                </Choice>
              </li>
            );
          })}
        </List>
        <Buttons>
          <Button type="submit" $size="sm" $variant="primary" disabled={unchanged}>
            {t.save}
          </Button>
          <Button type="button" $size="sm" $variant="subtle" onClick={() => setEditing(false)}>
            {t.cancel}
          </Button>
        </Buttons>
      </Fieldset>
    </form>
  );
}

const Bar = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
`;

const Note = styled.p`
  margin: 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Buttons = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;

  legend { font-weight: 700; margin-bottom: 0.25rem; }
`;

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
  input { flex-shrink: 0; width: 1.15rem; height: 1.15rem; margin: 0; accent-color: ${({ theme }) => theme.colors.primary}; }
`;
