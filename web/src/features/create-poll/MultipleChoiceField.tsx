import * as Switch from '@radix-ui/react-switch';
import { limits } from '@meydan/proto';
import styled from 'styled-components';
import { trPolls } from '../../i18n/tr-polls';
import { ErrorText, Hint } from '../../ui/fields';
import { SwitchRoot } from '../../ui/Switch';
import { SwitchRow as Row, SwitchTexts as Texts } from './SwitchRow';

export interface MultipleChoiceFieldProps {
  /** 1: single choice; more: how many options one ballot may mark. */
  maxChoices: number;
  /** The options the form has now (the maximum's choices go up to it). */
  optionsCount: number;
  onChange: (maxChoices: number) => void;
  error?: string | undefined;
}

/** The largest maxChoices a form of `optionsCount` options allows (1 keeps single choice). */
export const clampMaxChoices = (maxChoices: number, optionsCount: number): number =>
  Math.max(1, Math.min(maxChoices, optionsCount));

/** 'Birden fazla seçim': a switch, and when it is on the most options one ballot may mark (2 … the options). */
export function MultipleChoiceField({ maxChoices, optionsCount, onChange, error }: MultipleChoiceFieldProps) {
  const multiple = maxChoices > 1;
  const choices = Array.from({ length: Math.max(optionsCount, limits.poll.optionsMin) - 1 }, (_, i) => i + 2);
  return (
    <Row data-multiple-choice>
      <SwitchRoot
        id="poll-multiple-choice"
        checked={multiple}
        onCheckedChange={(checked) => onChange(checked ? Math.min(2, optionsCount) : 1)}
        aria-describedby="poll-multiple-choice-hint"
      >
        <Switch.Thumb />
      </SwitchRoot>
      <Texts>
        <label htmlFor="poll-multiple-choice">{trPolls.create.multipleChoice}</label>
        <Hint id="poll-multiple-choice-hint">{trPolls.create.multipleChoiceHint}</Hint>
        {multiple ? (
          <MaxRow>
            <label htmlFor="poll-max-choices">{trPolls.create.maxChoicesLabel}</label>
            <select
              id="poll-max-choices"
              value={maxChoices}
              onChange={(e) => onChange(Number(e.target.value))}
              aria-invalid={Boolean(error) || undefined}
            >
              {choices.map((n) => (
                <option key={n} value={n}>
                  {trPolls.create.maxChoices(n)}
                </option>
              ))}
            </select>
          </MaxRow>
        ) : null}
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
      </Texts>
    </Row>
  );
}

const MaxRow = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.5rem;

  select {
    min-height: 2.25rem;
    padding: 0 0.5rem;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
  }
`;
