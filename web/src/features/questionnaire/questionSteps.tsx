// The question steps' parts: one question with its choices, and the closing summary of every answer.
import { trProfile } from '../../i18n/tr-profile';
import { Hint } from '../../ui/fields';
import type { ProfileQuestion } from './questionnaireApi';
import { Choice, Choices, Fields, Summary } from './wizardStyles';

const T = trProfile.questionnaire;

/** The last step: every question with its answer, before the save. */
export function SummaryStep({ questions, answers }: { questions: ProfileQuestion[]; answers: Record<string, string> }) {
  return (
    <Fields>
      <Hint>{T.summaryText}</Hint>
      <Summary>
        {questions.map((q) => (
          <div key={q.id}>
            <dt>{q.question}</dt>
            <dd>{answers[q.id] ?? T.notAnswered}</dd>
          </div>
        ))}
      </Summary>
    </Fields>
  );
}

export function QuestionField({
  question,
  number,
  value,
  onChange,
}: {
  question: ProfileQuestion;
  number: number;
  value: string | undefined;
  onChange: (answer: string) => void;
}) {
  return (
    <fieldset>
      <legend>
        <span className="number">{T.questionLegend(number)}: </span>
        {question.question}
      </legend>
      <Choices $column>
        {question.options.map((option) => (
          <Choice key={option}>
            <input
              type="radio"
              name={question.id}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            {option}
          </Choice>
        ))}
      </Choices>
    </fieldset>
  );
}
