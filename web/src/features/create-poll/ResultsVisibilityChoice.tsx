import * as RadioGroup from '@radix-ui/react-radio-group';
import { resultsVisibilities, type ResultsVisibility } from '@meydan/proto';
import styled from 'styled-components';
import { trPolls } from '../../i18n/tr-polls';
import { ErrorText } from '../../ui/fields';
import { Legend, TypeOption as Mode } from './choiceParts';

/** 'Sonuçları kim, ne zaman görsün?': the poll's results visibility, a radio group in the create dialog. */
export function ResultsVisibilityChoice({
  value,
  onChange,
  error,
}: {
  value: ResultsVisibility;
  onChange: (value: ResultsVisibility) => void;
  error?: string | undefined;
}) {
  const t = trPolls.create;
  return (
    <fieldset>
      <Legend id="poll-results-visibility-label">{t.resultsVisibilityLabel}</Legend>
      <Modes
        value={value}
        onValueChange={(next) => onChange(next as ResultsVisibility)}
        aria-labelledby="poll-results-visibility-label"
        data-results-visibilities
      >
        {resultsVisibilities.map((mode) => (
          <Mode key={mode} data-results-visibility={mode}>
            <RadioGroup.Item value={mode} aria-describedby={`results-${mode}-hint`}>
              <RadioGroup.Indicator />
            </RadioGroup.Item>
            <span>
              <strong>{t.resultsVisibilities[mode].label}</strong>
              <small id={`results-${mode}-hint`}>{t.resultsVisibilities[mode].hint}</small>
            </span>
          </Mode>
        ))}
      </Modes>
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </fieldset>
  );
}

const Modes = styled(RadioGroup.Root)`
  display: grid;
  gap: 0.4rem;
`;
