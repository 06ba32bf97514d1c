import type { PollType } from '@meydan/proto';
import { useEffect, useState, type FormEvent } from 'react';
import { apiErrorMessage } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { dialogClosed, dialogOpened } from '../../store/uiSlice';
import { tr } from '../../i18n/tr';
import { trPolls } from '../../i18n/tr-polls';
import { trOptionImages } from '../../i18n/tr-option-images';
import { trQuiz } from '../../i18n/tr-quiz';
import { shortTimeLeft } from '../../lib/duration';
import { fieldErrors, validateForm } from '../../lib/validation';
import { pollCreate as pollCreateValidator } from '../../generated/forms/pollCreate';
import { useCreatePollMutation } from './createPollApi';
import { useCurrentUser } from '../session/sessionApi';
import { useToast } from '../toasts/useToast';
import {
  draftBody,
  emptyDraft,
  imageOnBlankOption,
  withImage,
  withType,
  type DraftImage,
  type PollDraft,
} from './draft';

/**
 * The creation form's draft and errors, the end time it would have (refreshed every 30 seconds), and the submit:
 * checked with the server's schema first, then a shareable poll goes on to its share link, any other closes the dialog.
 */
export function useCreatePollForm() {
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
  // From the draft as it is then: an upload ends after others may have changed it.
  const setImage = (index: number, image: DraftImage | null) =>
    setDraft((d) => ({ ...d, images: withImage(d, index, image) }));

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
    if (imageOnBlankOption(draft)) {
      setErrors({ optionImages: trOptionImages.create.textRequired });
      return;
    }
    // A quiz marks at least one option right and leaves at least one wrong (the server's rule, told without a request).
    const marked = body.kind === 'quiz' ? (body.correctOptionIndexes?.length ?? 0) : null;
    if (marked !== null && (marked === 0 || marked >= body.options.length)) {
      setErrors({ correctOptionIndexes: marked === 0 ? trQuiz.create.correctRequired : trQuiz.create.allCorrect });
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
        ...(body.allowVoteChange ? { allowVoteChange: true } : {}),
        ...(body.startsAt ? { startsAt: body.startsAt } : {}),
        ...(body.kind ? { kind: body.kind, correctOptionIndexes: body.correctOptionIndexes } : {}),
        ...(body.optionImages ? { optionImages: body.optionImages } : {}),
      }).unwrap();
      // Held for review by the word filter: saved, but only its creator sees it until a moderator approves it.
      if (created.poll.held)
        toast({ title: trPolls.create.heldTitle, description: trPolls.create.heldText, variant: 'success' });
      else toast({ title: trPolls.create.successTitle, description: trPolls.create.successText, variant: 'success' });
      if (created.shareUrl) dispatch(dialogOpened({ kind: 'shareLink', url: created.shareUrl }));
      else dispatch(dialogClosed());
    } catch (err) {
      toast({
        title: trPolls.create.failedTitle,
        description: apiErrorMessage(err) ?? trPolls.create.failedText,
        variant: 'error',
      });
    }
  }

  const expiresPreview =
    draft.durationHours > 0 ? shortTimeLeft(now + draft.durationHours * 3_600_000, now) : tr.time.noExpiry;
  const setType = (type: PollType) => setDraft((d) => withType(d, type));

  return { draft, errors, update, setOption, setImage, setType, submit, isLoading, expiresPreview };
}
