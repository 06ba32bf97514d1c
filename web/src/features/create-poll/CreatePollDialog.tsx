import * as RadioGroup from '@radix-ui/react-radio-group';
import * as Select from '@radix-ui/react-select';
import * as Switch from '@radix-ui/react-switch';
import {
  defaultResultsVisibility,
  defaultShareVoteMode,
  limits,
  shareVoteModes,
  topics,
  type PollType,
  type ResultsVisibility,
  type ShareVoteMode,
} from '@meydan/proto';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { useAppDispatch, useAppSelector } from '../../store/store';
import { tr } from '../../i18n/tr';
import { trPolls } from '../../i18n/tr-polls';
import { Button, IconButton } from '../../ui/buttons';
import { CloseIcon, PlusIcon } from '../../ui/icons';
import { shortTimeLeft } from '../../lib/time';
import { fieldErrors, validateForm } from '../../lib/validation';
import { pollCreate as pollCreateValidator } from '../../generated/forms/pollCreate';
import { Modal } from '../../ui/Modal';
import { TopicIcon } from '../../ui/TopicIcon';
import { Actions, ErrorText, Form, Hint, InputField, Input, TextAreaField } from '../../ui/fields';
import { useCreatePollMutation } from '../polls/pollsApi';
import { useCurrentUser } from '../session/sessionApi';
import { useToast } from '../toasts/useToast';
import { MultipleChoiceField, clampMaxChoices } from './MultipleChoiceField';
import { SwitchRoot } from '../../ui/Switch';
import { SwitchRow as ShareRow } from './SwitchRow';
import { dialogClosed, dialogOpened, selectDialog } from '../../store/uiSlice';
import { Legend, TypeOption } from './choiceParts';
import { ResultsVisibilityChoice } from './ResultsVisibilityChoice';

export interface PollDraft {
  type: PollType;
  shareable: boolean;
  /** Who may vote through the share link (only sent for a shareable poll). */
  shareVoteMode: ShareVoteMode;
  /** Who sees the results and when (sent only when not the default). */
  resultsVisibility: ResultsVisibility;
  title: string;
  description: string;
  category: string;
  options: string[];
  durationHours: number;
  /** 'Birden fazla seçim': how many options one ballot may mark (1: single choice). */
  maxChoices: number;
}

export const emptyDraft = (): PollDraft => ({
  type: 'public',
  shareable: false,
  shareVoteMode: defaultShareVoteMode,
  resultsVisibility: defaultResultsVisibility,
  title: '',
  description: '',
  category: '',
  options: ['', ''],
  durationHours: limits.poll.defaultDurationHours,
  maxChoices: 1,
});

/** Choosing private or friends clears the shareable flag: only a public poll can be shareable. */
export function withType(draft: PollDraft, type: PollType): PollDraft {
  return { ...draft, type, shareable: type === 'public' ? draft.shareable : false };
}

/** Options: remove buttons only above 2, the add button only below 6. */
export const canAddOption = (options: readonly string[]) => options.length < limits.poll.optionsMax;
export const canRemoveOption = (options: readonly string[]) => options.length > limits.poll.optionsMin;

/** The body the server validates (and the form validates first, with the same schema and texts). */
export function draftBody(draft: PollDraft) {
  return {
    title: draft.title.trim(),
    description: draft.description.trim() ? draft.description.trim() : null,
    ...(draft.category ? { category: draft.category } : {}),
    type: draft.type,
    options: draft.options.map((o) => o.trim()).filter(Boolean),
    durationHours: draft.durationHours,
    ...(draft.shareable ? { isShareable: true, shareVoteMode: draft.shareVoteMode } : {}),
    ...(draft.resultsVisibility !== defaultResultsVisibility ? { resultsVisibility: draft.resultsVisibility } : {}),
    ...(draft.maxChoices > 1 ? { maxChoices: draft.maxChoices } : {}),
  };
}

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
  const toast = useToast();
  const { isMember } = useCurrentUser();
  const [create, { isLoading }] = useCreatePollMutation();
  const [draft, setDraft] = useState<PollDraft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const update = (patch: Partial<PollDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setOption = (index: number, text: string) =>
    setDraft((d) => ({ ...d, options: d.options.map((o, i) => (i === index ? text : o)) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isMember) {
      toast({ title: trPolls.create.signInTitle, description: trPolls.create.signInText, variant: 'error' });
      return;
    }
    const body = draftBody(draft);
    const checked = validateForm(pollCreateValidator, 'pollCreate', body);
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      return;
    }
    setErrors({});
    try {
      const created = await create({
        title: body.title,
        description: body.description,
        category: draft.category,
        type: draft.type,
        options: body.options,
        durationHours: draft.durationHours,
        shareable: draft.shareable,
        shareVoteMode: draft.shareVoteMode,
        resultsVisibility: draft.resultsVisibility,
        ...(body.maxChoices ? { maxChoices: body.maxChoices } : {}),
      }).unwrap();
      toast({ title: trPolls.create.successTitle, description: trPolls.create.successText, variant: 'success' });
      if (created.shareUrl) dispatch(dialogOpened({ kind: 'shareLink', url: created.shareUrl }));
      else dispatch(dialogClosed());
    } catch (err) {
      toast({ title: trPolls.create.failedTitle, description: apiErrorMessage(err) ?? trPolls.create.failedText, variant: 'error' });
    }
  }

  const expiresPreview = draft.durationHours > 0 ? shortTimeLeft(now + draft.durationHours * 3_600_000, now) : tr.time.noExpiry;

  return (
    <Form onSubmit={submit} noValidate aria-label={trPolls.create.title}>
      <fieldset>
        <Legend>{trPolls.create.typeLabel}</Legend>
        <Types value={draft.type} onValueChange={(value) => setDraft((d) => withType(d, value as PollType))} aria-label={trPolls.create.typeLabel}>
          {(['public', 'private', 'friends'] as const).map((type) => (
            <TypeOption key={type} data-type={type}>
              <RadioGroup.Item value={type} aria-describedby={`type-${type}-hint`}>
                <RadioGroup.Indicator />
              </RadioGroup.Item>
              <span>
                <strong>{trPolls.create.types[type].label}</strong>
                <small id={`type-${type}-hint`}>{trPolls.create.types[type].hint}</small>
              </span>
            </TypeOption>
          ))}
        </Types>
        {draft.type === 'public' ? (
          <ShareRow>
            <SwitchRoot
              id="poll-shareable"
              checked={draft.shareable}
              onCheckedChange={(checked) => update({ shareable: checked })}
              aria-describedby="poll-shareable-hint"
            >
              <Switch.Thumb />
            </SwitchRoot>
            <span>
              <label htmlFor="poll-shareable">{trPolls.create.shareable}</label>
              <Hint id="poll-shareable-hint">{trPolls.create.shareableHint}</Hint>
            </span>
          </ShareRow>
        ) : null}
        {draft.type === 'public' && draft.shareable ? (
          <VoteModes
            value={draft.shareVoteMode}
            onValueChange={(value) => update({ shareVoteMode: value as ShareVoteMode })}
            aria-label={trPolls.create.shareVoteModeLabel}
            data-share-vote-modes
          >
            <Legend as="span">{trPolls.create.shareVoteModeLabel}</Legend>
            {shareVoteModes.map((mode) => (
              <TypeOption key={mode} data-share-vote-mode={mode}>
                <RadioGroup.Item value={mode} aria-describedby={`vote-mode-${mode}-hint`}>
                  <RadioGroup.Indicator />
                </RadioGroup.Item>
                <span>
                  <strong>{trPolls.create.shareVoteModes[mode].label}</strong>
                  <small id={`vote-mode-${mode}-hint`}>{trPolls.create.shareVoteModes[mode].hint}</small>
                </span>
              </TypeOption>
            ))}
          </VoteModes>
        ) : null}
        {errors['shareVoteMode'] ? <ErrorText role="alert">{errors['shareVoteMode']}</ErrorText> : null}
        {errors['type'] ? <ErrorText role="alert">{errors['type']}</ErrorText> : null}
      </fieldset>

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

      <fieldset>
        <Legend id="poll-category-label">{trPolls.create.categoryLabel}</Legend>
        <Chips role="group" aria-labelledby="poll-category-label">
          {topics.map((topic) => (
            <Chip
              key={topic.slug}
              type="button"
              aria-pressed={draft.category === topic.slug}
              $color={topic.color}
              data-category={topic.slug}
              onClick={() => update({ category: topic.slug })}
            >
              <TopicIcon slug={topic.slug} size={14} />
              {topic.name}
            </Chip>
          ))}
        </Chips>
        {errors['category'] ? <ErrorText role="alert">{errors['category']}</ErrorText> : null}
      </fieldset>

      <fieldset>
        <Legend>{trPolls.create.optionsLabel}</Legend>
        <OptionList>
          {draft.options.map((text, index) => (
            <li key={index}>
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
                  onClick={() => update({ options: draft.options.filter((_, i) => i !== index), maxChoices: clampMaxChoices(draft.maxChoices, draft.options.length - 1) })}
                >
                  <CloseIcon />
                </IconButton>
              ) : null}
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
        <MultipleChoiceField
          maxChoices={draft.maxChoices}
          optionsCount={draft.options.length}
          onChange={(maxChoices) => update({ maxChoices })}
          error={errors['maxChoices']}
        />
      </fieldset>

      <fieldset>
        <Legend id="poll-duration-label">{trPolls.create.durationLabel}</Legend>
        <Select.Root value={String(draft.durationHours)} onValueChange={(value) => update({ durationHours: Number(value) })}>
          <SelectTrigger aria-labelledby="poll-duration-label" data-duration-trigger>
            <Select.Value />
            <Select.Icon aria-hidden="true">▾</Select.Icon>
          </SelectTrigger>
          <Select.Portal>
            <SelectContent position="popper" sideOffset={4}>
              <Select.Viewport>
                {limits.poll.durationsHours.map((hours) => (
                  <SelectItem key={hours} value={String(hours)}>
                    <Select.ItemText>{trPolls.create.durations[hours]}</Select.ItemText>
                  </SelectItem>
                ))}
              </Select.Viewport>
            </SelectContent>
          </Select.Portal>
        </Select.Root>
        <Hint>
          {trPolls.create.durationHelp} {trPolls.create.durationPreview(expiresPreview)}
        </Hint>
      </fieldset>

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

const Types = styled(RadioGroup.Root)`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 0.5rem;

  @media (max-width: 34rem) { grid-template-columns: 1fr; }
`;

const VoteModes = styled(RadioGroup.Root)`
  display: grid;
  gap: 0.4rem;
  margin-top: 0.75rem;
`;

const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
`;

export const Chip = styled.button<{ $color: string }>`
  display: inline-flex;
  align-items: center;
  gap: 0.35rem;
  padding: 0.35rem 0.7rem;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: 0.85rem;
  font-weight: 600;
  cursor: pointer;

  svg { color: ${({ $color }) => $color}; }
  &:hover { border-color: ${({ $color }) => $color}; }
  &[aria-pressed='true'] {
    border-color: ${({ $color }) => $color};
    background: ${({ $color }) => `color-mix(in srgb, ${$color} 22%, transparent)`};
  }
`;

const OptionList = styled.ol`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  margin: 0 0 0.5rem;
  padding: 0;
  list-style: none;

  li { display: flex; gap: 0.4rem; }
`;

const SelectTrigger = styled(Select.Trigger)`
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  min-width: 12rem;
  min-height: 2.5rem;
  padding: 0 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

const SelectContent = styled(Select.Content)`
  z-index: 50;
  min-width: var(--radix-select-trigger-width);
  padding: 0.25rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.popover};
`;

const SelectItem = styled(Select.Item)`
  padding: 0.45rem 0.6rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  outline: none;

  &[data-highlighted] { background: ${({ theme }) => theme.colors.surfaceRaised}; }
  &[data-state='checked'] { font-weight: 700; color: ${({ theme }) => theme.colors.primary}; }
`;
