import { limits, type Poll } from '@meydan/proto';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trCreator as T } from '../../i18n/tr-creator';
import { Button } from '../../ui/buttons';
import { isOpen } from '../../lib/time';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Actions, ErrorText, Form, InputField, TextAreaField } from '../../ui/fields';
import { Modal } from '../../ui/Modal';
import { useToast } from '../toasts/useToast';
import { useClosePollMutation, useEditPollMutation } from './creatorApi';
import { resultsDownloadable } from './resultsVisibility';
import { countdownText } from './Upcoming';

/** Milliseconds of the edit window left (0 once over): the first minute, or until a scheduled poll opens. */
export function editTimeLeftMs(createdAt: string, now: number = Date.now(), startsAt?: string | null): number {
  const opening = startsAt ? Date.parse(startsAt) : 0;
  return Math.max(0, Date.parse(createdAt) + limits.poll.editWindowMs - now, opening - now);
}

/** '0:42' (until a scheduled poll opens: '1:02:03', '2 gün 3 saat'). */
const clock = countdownText;

/** Re-renders every second while `until` is in the future; returns now. */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/**
 * The creator's own controls on a poll card, its share page and the profile's list: edit in the first minute until the
 * first vote (the server refuses it after: 409), close early, download the results (not in the profile's list, which
 * has its own link). `named` puts the poll's title in the controls' names where several polls are listed.
 */
export function CreatorControls({
  poll,
  withResults = true,
  named = false,
}: {
  poll: Poll;
  withResults?: boolean;
  named?: boolean;
}) {
  const toast = useToast();
  const open = isOpen(poll.expiresAt);
  const [editLeft, setEditLeft] = useState(() => editTimeLeftMs(poll.createdAt, Date.now(), poll.startsAt));
  const now = useNow(editLeft > 0);
  // Frozen from its first vote: an answered question never changes.
  const editable = editLeft > 0 && open && poll.totalVotes === 0;
  useEffect(
    () => setEditLeft(editTimeLeftMs(poll.createdAt, now, poll.startsAt)),
    [poll.createdAt, poll.startsAt, now],
  );
  const [editing, setEditing] = useState(false);
  const [confirmClose, setConfirmClose] = useState(false);
  const [closePoll, closing] = useClosePollMutation();

  const close = async () => {
    try {
      await closePoll({ pollId: poll.id }).unwrap();
      setConfirmClose(false);
      toast({ title: T.closed, description: T.closedText, variant: 'success' });
    } catch (err) {
      setConfirmClose(false);
      toast({ title: T.closeFailed, description: apiErrorMessage(err), variant: 'error' });
    }
  };

  return (
    <Row role="group" aria-label={named ? T.controlsLabelOf(poll.title) : T.controlsLabel} data-creator-controls>
      {editable ? (
        <Button
          $size="sm"
          $variant="subtle"
          data-action="edit"
          title={T.editTimeLeft(clock(editLeft))}
          aria-label={named ? T.editLabelOf(clock(editLeft), poll.title) : undefined}
          onClick={() => setEditing(true)}
          // A page the server drew counted from its own time: the next second's tick sets the reader's.
          suppressHydrationWarning
        >
          {T.editWithTime(clock(editLeft))}
        </Button>
      ) : null}
      {open ? (
        <Button
          $size="sm"
          $variant="subtle"
          data-action="close"
          aria-label={named ? T.closeLabelOf(poll.title) : undefined}
          onClick={() => setConfirmClose(true)}
        >
          {T.close}
        </Button>
      ) : null}
      {/* An after-close poll's results open to its creator too only at its end (the card says so). */}
      {!withResults || !resultsDownloadable(poll, open) ? null : (
        <>
          <Download href={`/api/polls/${encodeURIComponent(poll.id)}/results.csv`} download data-action="results-csv">
            {T.resultsCsv}
          </Download>
          <Download href={`/api/polls/${encodeURIComponent(poll.id)}/results.xlsx`} download data-action="results-xlsx">
            {T.resultsXlsx}
          </Download>
        </>
      )}
      {editing ? <EditDialog poll={poll} onClose={() => setEditing(false)} /> : null}
      <ConfirmDialog
        name="close-poll"
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title={T.closeTitle}
        description={T.closeText}
        confirmLabel={T.closeConfirm}
        pending={closing.isLoading}
        onConfirm={close}
      />
    </Row>
  );
}

function EditDialog({ poll, onClose }: { poll: Poll; onClose: () => void }) {
  const toast = useToast();
  const [title, setTitle] = useState(poll.title);
  const [description, setDescription] = useState(poll.description ?? '');
  // A scheduled poll's options change too until it opens (no ballot can name them yet).
  const [upcoming] = useState(() => Boolean(poll.startsAt) && Date.parse(poll.startsAt!) > Date.now());
  // Not on a poll whose options carry images: the images follow the options by index, so they stay as they are.
  const optionsEditable = upcoming && !poll.optionImages;
  const [options, setOptions] = useState(() => poll.options.map((o) => o.text));
  const [error, setError] = useState<string | undefined>();
  const [edit, { isLoading }] = useEditPollMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const texts = options.map((o) => o.trim()).filter(Boolean);
    const changed = texts.join('\n') !== poll.options.map((o) => o.text).join('\n');
    try {
      const body = {
        title,
        description: description.trim() ? description : null,
        ...(optionsEditable && changed ? { options: texts } : {}),
      };
      await edit({ pollId: poll.id, body }).unwrap();
      toast({ title: T.saved, variant: 'success' });
      onClose();
    } catch (err) {
      setError(apiErrorMessage(err) ?? T.editFailed);
    }
  };

  return (
    <Modal
      name="edit-poll"
      open
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={T.editTitle}
      description={
        optionsEditable ? T.editDescriptionUpcoming : upcoming ? T.editDescriptionWithImages : T.editDescription
      }
    >
      <Form onSubmit={submit} noValidate>
        <InputField
          label={T.titleLabel}
          value={title}
          maxLength={limits.poll.titleMax}
          counter={limits.poll.titleMax}
          onChange={(e) => setTitle(e.target.value)}
        />
        <TextAreaField
          label={T.descriptionLabel}
          value={description}
          maxLength={limits.poll.descriptionMax}
          counter={limits.poll.descriptionMax}
          onChange={(e) => setDescription(e.target.value)}
        />
        {optionsEditable ? <OptionsEditor options={options} onChange={setOptions} /> : null}
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        <Actions>
          <Button $variant="primary" type="submit" disabled={isLoading}>
            {T.save}
          </Button>
        </Actions>
      </Form>
    </Modal>
  );
}

/** The options of a scheduled poll before its opening: each editable, 2 to 6 of them. */
function OptionsEditor({ options, onChange }: { options: string[]; onChange: (options: string[]) => void }) {
  return (
    <fieldset data-edit-options>
      <Legend>{T.optionsLegend}</Legend>
      {options.map((text, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an option is its place in the list while it is edited
        <OptionRow key={index}>
          <InputField
            label={T.optionLabel(index + 1)}
            value={text}
            maxLength={limits.poll.optionMax}
            onChange={(e) => onChange(options.map((o, i) => (i === index ? e.target.value : o)))}
          />
          {options.length > limits.poll.optionsMin ? (
            <Button $size="sm" onClick={() => onChange(options.filter((_, i) => i !== index))}>
              {T.removeOption(index + 1)}
            </Button>
          ) : null}
        </OptionRow>
      ))}
      {options.length < limits.poll.optionsMax ? (
        <Button $size="sm" onClick={() => onChange([...options, ''])}>
          {T.addOption}
        </Button>
      ) : null}
    </fieldset>
  );
}

const Legend = styled.legend`
  margin-bottom: 0.4rem;
  font-weight: 600;
`;

const OptionRow = styled.div`
  display: flex;
  align-items: flex-end;
  gap: 0.5rem;

  & > :first-child { flex: 1; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Download = styled.a`
  align-self: center;
  font-size: 0.875rem;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.primary};
`;
