import { limits } from '@meydan/proto';
import { useAppDispatch, useAppSelector } from '../../store/store';
import { trPolls } from '../../i18n/tr-polls';
import { Button } from '../../ui/buttons';
import { Modal } from '../../ui/Modal';
import { Actions, Form, InputField, TextAreaField } from '../../ui/fields';
import { dialogClosed, selectDialog } from '../../store/uiSlice';
import { CategoryField } from './CategoryField';
import { DurationField } from './DurationField';
import { OptionsField } from './OptionsField';
import { PollTypeField } from './PollTypeField';
import { ResultsVisibilityChoice } from './ResultsVisibilityChoice';
import { useCreatePollForm } from './useCreatePollForm';

/** 'Kafa Açalım': the poll creation dialog. The form starts over every time it opens. */
export function CreatePollDialog() {
  const dialog = useAppSelector(selectDialog);
  const dispatch = useAppDispatch();
  return (
    <Modal
      name="create-poll"
      open={dialog?.kind === 'createPoll'}
      onOpenChange={(open) => !open && dispatch(dialogClosed())}
      title={trPolls.create.title}
      description={trPolls.create.description}
      width="36rem"
    >
      <CreatePollForm />
    </Modal>
  );
}

function CreatePollForm() {
  const dispatch = useAppDispatch();
  const { draft, errors, update, setOption, setImage, setType, submit, isLoading, expiresPreview } =
    useCreatePollForm();

  return (
    <Form onSubmit={submit} noValidate aria-label={trPolls.create.title}>
      <PollTypeField draft={draft} onType={setType} update={update} errors={errors} />

      <InputField
        label={trPolls.create.titleLabel}
        name="title"
        placeholder={trPolls.create.titlePlaceholder}
        value={draft.title}
        maxLength={limits.poll.titleMax}
        counter={limits.poll.titleMax}
        onChange={(e) => update({ title: e.target.value })}
        error={errors['title']}
      />

      <TextAreaField
        label={trPolls.create.descriptionLabel}
        name="description"
        placeholder={trPolls.create.descriptionPlaceholder}
        value={draft.description}
        maxLength={limits.poll.descriptionMax}
        counter={limits.poll.descriptionMax}
        rows={2}
        onChange={(e) => update({ description: e.target.value })}
        error={errors['description']}
      />

      <CategoryField
        category={draft.category}
        onChange={(category) => update({ category })}
        error={errors['category']}
      />

      <OptionsField draft={draft} setOption={setOption} setImage={setImage} update={update} errors={errors} />

      <DurationField
        hours={draft.durationHours}
        onChange={(durationHours) => update({ durationHours })}
        expiresPreview={expiresPreview}
      />

      <InputField
        type="datetime-local"
        step={1}
        label={trPolls.create.startsAtLabel}
        name="startsAt"
        hint={trPolls.create.startsAtHint}
        value={draft.startsAt}
        onChange={(e) => update({ startsAt: e.target.value })}
        error={errors['startsAt']}
      />

      <ResultsVisibilityChoice
        value={draft.resultsVisibility}
        onChange={(resultsVisibility) => update({ resultsVisibility })}
        error={errors['resultsVisibility']}
      />

      <Actions>
        <Button onClick={() => dispatch(dialogClosed())}>{trPolls.create.cancel}</Button>
        <Button type="submit" $variant="primary" disabled={isLoading}>
          {isLoading ? trPolls.create.submitting : trPolls.create.submit}
        </Button>
      </Actions>
    </Form>
  );
}
