import * as RadioGroup from '@radix-ui/react-radio-group';
import { limits } from '@meydan/proto';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage, apiErrorStatus } from '../../store/api';
import { tr } from '../../i18n/tr';
import { trPolls } from '../../i18n/tr-polls';
import { Button } from '../../ui/buttons';
import { fieldErrors, validateForm } from '../../lib/validation';
import { reportCreate as reportCreateValidator } from '../../generated/forms/reportCreate';
import { Modal } from '../../ui/Modal';
import { Actions, ErrorText, Form, TextAreaField } from '../../ui/fields';
import { useToast } from '../toasts/useToast';
import { useReportCommentMutation, useReportPollMutation, useReportUserMutation } from './pollDialogsApi';

/** 'Şikayet Et': a reason and an optional description, sent to the moderators; about a poll, a comment or a member. */
export function ReportDialog({
  pollId,
  commentId,
  userId,
  onClose,
}: {
  pollId?: string;
  commentId?: string;
  userId?: string;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<string>('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [reportPoll, pollReport] = useReportPollMutation();
  const [reportComment, commentReport] = useReportCommentMutation();
  const [reportUser, userReport] = useReportUserMutation();
  const isLoading = pollReport.isLoading || commentReport.isLoading || userReport.isLoading;
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { reason, description: description.trim() ? description.trim() : null };
    const checked = validateForm(
      reportCreateValidator,
      'reportCreate',
      reason ? body : { description: body.description },
    );
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      return;
    }
    try {
      const answer = await (commentId
        ? reportComment({ commentId, ...body })
        : userId
          ? reportUser({ userId, ...body })
          : reportPoll({ pollId: pollId!, ...body })
      ).unwrap();
      toast({ title: trPolls.report.done, description: answer.message, variant: 'success' });
      onClose();
    } catch (err) {
      // One report per member and poll: a second one is no failure, the first is still being looked at.
      if (apiErrorStatus(err) === 409) {
        toast({ title: trPolls.report.alreadyTitle, description: apiErrorMessage(err) ?? trPolls.report.already });
        onClose();
        return;
      }
      toast({ title: trPolls.report.failed, description: apiErrorMessage(err), variant: 'error' });
    }
  }

  return (
    <Modal
      name="report"
      open
      onOpenChange={(open) => !open && onClose()}
      title={commentId ? trPolls.report.commentTitle : userId ? trPolls.report.userTitle : trPolls.report.title}
      description={
        commentId
          ? trPolls.report.commentDescription
          : userId
            ? trPolls.report.userDescription
            : trPolls.report.description
      }
    >
      <Form onSubmit={submit} noValidate>
        <Reasons value={reason} onValueChange={setReason} aria-label={trPolls.report.reasonLabel}>
          {trPolls.report.reasons.map((text) => (
            <label key={text}>
              <Radio value={text}>
                <RadioGroup.Indicator />
              </Radio>
              {text}
            </label>
          ))}
        </Reasons>
        {errors['reason'] ? <ErrorText role="alert">{errors['reason']}</ErrorText> : null}
        <TextAreaField
          label={trPolls.report.detailsLabel}
          value={description}
          counter={limits.report.descriptionMax}
          onChange={(e) => setDescription(e.target.value)}
          error={errors['description']}
        />
        <Actions>
          <Button onClick={onClose}>{tr.common.cancel}</Button>
          <Button type="submit" $variant="danger" disabled={isLoading}>
            {trPolls.report.submit}
          </Button>
        </Actions>
      </Form>
    </Modal>
  );
}

export const Reasons = styled(RadioGroup.Root)`
  display: flex;
  flex-direction: column;
  gap: 0.5rem;

  label { display: flex; align-items: center; gap: 0.6rem; cursor: pointer; }
`;

export const Radio = styled(RadioGroup.Item)`
  display: inline-grid;
  place-items: center;
  width: 1.15rem;
  height: 1.15rem;
  flex-shrink: 0;
  padding: 0;
  border-radius: 50%;
  border: 2px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  cursor: pointer;

  &[data-state='checked'] { border-color: ${({ theme }) => theme.colors.primary}; }
  & > span { width: 0.5rem; height: 0.5rem; border-radius: 50%; background: ${({ theme }) => theme.colors.primary}; }
`;
