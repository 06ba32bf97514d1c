import * as Switch from '@radix-ui/react-switch';
import styled from 'styled-components';
import { trQuiz } from '../../i18n/tr-quiz';
import { ErrorText, Hint } from '../../ui/fields';
import { SwitchRoot } from '../../ui/Switch';
import { SwitchRow as Row, SwitchTexts as Texts } from './SwitchRow';

/**
 * 'Bilgi yarışması': off by default; on, the creator marks the correct option or options beside each option
 * (CorrectOptionMark: at least one, never all) and the poll is single choice with final votes, so the multiple-choice
 * and vote-change switches step aside.
 */
export function QuizField({
  quiz,
  onChange,
  error,
}: {
  quiz: boolean;
  onChange: (quiz: boolean) => void;
  error?: string | undefined;
}) {
  return (
    <>
      <Row data-quiz>
        <SwitchRoot id="poll-quiz" checked={quiz} onCheckedChange={onChange} aria-describedby="poll-quiz-hint">
          <Switch.Thumb />
        </SwitchRoot>
        <Texts>
          <label htmlFor="poll-quiz">{trQuiz.create.quiz}</label>
          <Hint id="poll-quiz-hint">{trQuiz.create.quizHint}</Hint>
        </Texts>
      </Row>
      {quiz && error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </>
  );
}

/** The mark of one option as a correct answer of the quiz: a checkbox ('N. şık doğru cevap'), as many as are right. */
export function CorrectOptionMark({
  index,
  checked,
  onMark,
}: {
  index: number;
  checked: boolean;
  onMark: (correct: boolean) => void;
}) {
  return (
    <Mark title={trQuiz.create.correctLegend}>
      <input
        type="checkbox"
        name="poll-correct-options"
        value={index}
        checked={checked}
        aria-label={trQuiz.create.correctOption(index + 1)}
        onChange={(e) => onMark(e.target.checked)}
      />
      <span aria-hidden="true">✓</span>
    </Mark>
  );
}

const Mark = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.2rem;
  cursor: pointer;
  color: ${({ theme }) => theme.colors.success};

  input { width: 1.1rem; height: 1.1rem; cursor: pointer; }
`;
