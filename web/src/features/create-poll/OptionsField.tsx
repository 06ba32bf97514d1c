import styled from 'styled-components';
import { limits } from '@meydan/proto';
import { trPolls } from '../../i18n/tr-polls';
import { trRanked } from '../../i18n/tr-ranked';
import { Button, IconButton } from '../../ui/buttons';
import { CloseIcon, PlusIcon } from '../../ui/icons';
import { ErrorText, Input } from '../../ui/fields';
import { Legend } from './choiceParts';
import {
  canAddOption,
  canRemoveOption,
  withCorrectOption,
  withoutOption,
  type DraftImage,
  type PollDraft,
} from './draft';
import { OptionImageField } from './OptionImageField';
import { MultipleChoiceField, clampMaxChoices } from './MultipleChoiceField';
import { VoteChangeField } from './VoteChangeField';
import { CorrectOptionMark, QuizField } from './QuizField';
import { SwitchField } from './SwitchField';

interface OptionsFieldProps {
  draft: PollDraft;
  setOption: (index: number, text: string) => void;
  setImage: (index: number, image: DraftImage | null) => void;
  update: (patch: Partial<PollDraft>) => void;
  errors: Record<string, string>;
}

/**
 * The options (two to six: remove and add buttons as the limits allow), the quiz switch with each option's mark as a
 * correct answer, and the multiple-choice and vote-change switches (not for a quiz: single choice, votes final).
 */
export function OptionsField({ draft, setOption, setImage, update, errors }: OptionsFieldProps) {
  return (
    <fieldset>
      <Legend>{trPolls.create.optionsLabel}</Legend>
      <OptionList>
        {draft.options.map((text, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the draft (set, removed and sent by index); its text, edited here, may be empty or repeated
          <li key={index}>
            <OptionRow>
              {draft.quiz ? (
                <CorrectOptionMark
                  index={index}
                  checked={draft.correctOptions.includes(index)}
                  onMark={(correct) => update({ correctOptions: withCorrectOption(draft, index, correct) })}
                />
              ) : null}
              <Input
                aria-label={trPolls.create.optionLabel(index + 1)}
                placeholder={trPolls.create.optionPlaceholder(index + 1)}
                value={text}
                maxLength={limits.poll.optionMax}
                onChange={(e) => setOption(index, e.target.value)}
                aria-invalid={Boolean(errors['options']) || undefined}
              />
              {canRemoveOption(draft.options) ? (
                <IconButton
                  aria-label={trPolls.create.removeOption(index + 1)}
                  title={trPolls.create.removeOption(index + 1)}
                  onClick={() =>
                    update({
                      ...withoutOption(draft, index),
                      maxChoices: clampMaxChoices(draft.maxChoices, draft.options.length - 1),
                    })
                  }
                >
                  <CloseIcon />
                </IconButton>
              ) : null}
            </OptionRow>
            <OptionImageField
              index={index}
              image={draft.images[index] ?? null}
              onChange={(image) => setImage(index, image)}
            />
          </li>
        ))}
      </OptionList>
      {canAddOption(draft.options) ? (
        <Button $size="sm" onClick={() => update({ options: [...draft.options, ''] })}>
          <PlusIcon />
          {trPolls.create.addOption}
        </Button>
      ) : null}
      {errors['options'] ? <ErrorText role="alert">{errors['options']}</ErrorText> : null}
      {errors['optionImages'] ? <ErrorText role="alert">{errors['optionImages']}</ErrorText> : null}
      <QuizField
        quiz={draft.quiz}
        onChange={(quiz) => update({ quiz, ...(quiz ? { maxChoices: 1, allowVoteChange: false, ranked: false } : {}) })}
        error={errors['correctOptionIndexes']}
      />
      {draft.quiz ? null : (
        <SwitchField
          id="poll-ranked"
          checked={draft.ranked}
          onChange={(ranked) => update({ ranked, ...(ranked ? { maxChoices: 1, allowVoteChange: false } : {}) })}
          label={trRanked.create.ranked}
          hint={trRanked.create.rankedHint}
          data-ranked
        />
      )}
      {draft.quiz || draft.ranked ? null : (
        <>
          <MultipleChoiceField
            maxChoices={draft.maxChoices}
            optionsCount={draft.options.length}
            onChange={(maxChoices) => update({ maxChoices })}
            error={errors['maxChoices']}
          />
          <VoteChangeField
            allowed={draft.allowVoteChange}
            onChange={(allowVoteChange) => update({ allowVoteChange })}
          />
        </>
      )}
    </fieldset>
  );
}

const OptionList = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0 0 0.5rem;
  padding: 0;
  list-style: none;

  li { display: flex; flex-direction: column; gap: 0.35rem; }
`;

const OptionRow = styled.div`
  display: flex;
  align-items: center;
  gap: 0.4rem;
`;
