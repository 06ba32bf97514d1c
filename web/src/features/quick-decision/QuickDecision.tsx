import { limits } from '@meydan/proto';
import { Fragment, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import styled, { keyframes } from 'styled-components';
import { trPolls } from '../../i18n/tr-polls';
import { Button } from '../../ui/buttons';
import { PlusIcon, RefreshIcon, SkipIcon, ZapIcon } from '../../ui/icons';
import { wholePercent } from '../../lib/percent';
import { fieldErrors, validateForm } from '../../lib/validation';
import { Actions, ErrorText, Form, InputField } from '../../ui/fields';
import { useAddQuickQuestionMutation, useQuickPolls } from './quickApi';
import { useVote } from '../polls/useVote';
import { useCurrentUser } from '../session/sessionApi';
import { useToast } from '../toasts/useToast';
import { quickQuestionsFrom, withLocalVote, type QuickQuestion } from './quickQuestions';

/**
 * 'Hızlı Karar (VS)': one two-option question at a time. Members vote for real on real polls; a visitor's choice
 * (and any choice on a sample) is a local confirmation. 1.5 s after a vote the next question comes.
 */
export function QuickDecision() {
  const { isMember } = useCurrentUser();
  const quick = useQuickDecision(isMember);
  const { list, index, current, finished, adding, setAdding } = quick;

  return (
    <Widget aria-labelledby="quick-title" data-quick>
      <Head>
        <h2 id="quick-title">
          <ZapIcon />
          {trPolls.quick.title}
        </h2>
        {!finished && !adding && list.length ? (
          <Position aria-label={trPolls.quick.position(index + 1, list.length)} data-quick-position>
            {trPolls.quick.position(index + 1, list.length)}
          </Position>
        ) : null}
      </Head>
      {adding ? (
        <QuickForm isMember={isMember} onDone={quick.startOver} onCancel={() => setAdding(false)} />
      ) : finished || !current ? (
        <QuickFinished onRestart={quick.restart} onAdd={() => setAdding(true)} />
      ) : (
        <QuickQuestionCard
          key={current.id}
          question={current}
          isMember={isMember}
          onChoose={quick.choose}
          onSkip={quick.next}
        />
      )}
      {!adding && !finished ? (
        <AddLink type="button" onClick={() => setAdding(true)}>
          <PlusIcon />
          {trPolls.quick.add}
        </AddLink>
      ) : null}
    </Widget>
  );
}

/** Which question is shown, the local (visitor's or sample) choices, and the step to the next question. */
function useQuickDecision(isMember: boolean) {
  const polls = useQuickPolls();
  const questions = useMemo(() => quickQuestionsFrom(polls), [polls]);
  const [order, setOrder] = useState<string[] | null>(null);
  const [index, setIndex] = useState(0);
  const [finished, setFinished] = useState(false);
  const [adding, setAdding] = useState(false);
  const [local, setLocal] = useState<Record<string, number>>({});
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // The order is fixed when the questions first arrive, so a vote (which moves a poll) does not reshuffle them.
  const ids = order ?? questions.map((q) => q.id);
  useEffect(() => {
    if (!order && polls) setOrder(questions.map((q) => q.id));
  }, [order, polls, questions]);
  const byId = new Map(questions.map((q) => [q.id, q]));
  const list = ids.map((id) => byId.get(id)).filter((q): q is QuickQuestion => Boolean(q));
  const base = list[Math.min(index, list.length - 1)];
  const current =
    base && local[base.id] !== undefined && !base.poll?.hasVoted ? withLocalVote(base, local[base.id]!) : base;
  const { cast } = useVote({ id: current?.poll?.id ?? '' });

  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  function next() {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (index + 1 >= list.length) setFinished(true);
    else setIndex(index + 1);
  }

  function choose(choice: number) {
    if (!current || current.hasVoted) return;
    if (current.poll && isMember) void cast(choice);
    else setLocal((l) => ({ ...l, [current.id]: choice }));
    timer.current = setTimeout(next, limits.quick.autoAdvanceMs);
  }

  function restart() {
    setIndex(0);
    setFinished(false);
    setLocal({});
    setOrder(questions.map((q) => q.id));
  }

  /** After a question is added: the list is read afresh from the top. */
  function startOver() {
    setAdding(false);
    setOrder(null);
    setIndex(0);
    setFinished(false);
  }

  return { list, index, current, finished, adding, setAdding, next, choose, restart, startOver };
}

function QuickFinished({ onRestart, onAdd }: { onRestart: () => void; onAdd: () => void }) {
  return (
    <Finished data-quick-finished>
      <strong>{trPolls.quick.finishedTitle}</strong>
      <p>{trPolls.quick.finishedText}</p>
      <Actions>
        <Button onClick={onRestart}>
          <RefreshIcon />
          {trPolls.quick.restart}
        </Button>
        <Button $variant="primary" onClick={onAdd}>
          <PlusIcon />
          {trPolls.quick.add}
        </Button>
      </Actions>
    </Finished>
  );
}

interface QuickQuestionCardProps {
  question: QuickQuestion;
  isMember: boolean;
  onChoose: (choice: number) => void;
  onSkip: () => void;
}

/** One question: its two options side by side ('VS'), their shares once chosen, and the skip button. */
function QuickQuestionCard({ question: current, isMember, onChoose, onSkip }: QuickQuestionCardProps) {
  return (
    <Question data-quick-question={current.id}>
      <p>{current.title}</p>
      <Versus>
        {current.options.map((option, i) => {
          const share = wholePercent(option.votes, current.totalVotes);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: an option is its index here (the vote sends it, userChoice names it)
            <Fragment key={i}>
              {i === 1 ? <Vs aria-hidden="true">{trPolls.quick.versus}</Vs> : null}
              <Choice
                type="button"
                onClick={() => onChoose(i)}
                disabled={current.hasVoted}
                $chosen={current.userChoice === i}
                aria-pressed={current.userChoice === i}
              >
                <span>{option.text}</span>
                {current.hasVoted ? <small>{share.label}</small> : null}
              </Choice>
            </Fragment>
          );
        })}
      </Versus>
      <Bottom>
        <span role="status">
          {current.hasVoted ? (current.poll && isMember ? trPolls.quick.voted : trPolls.quick.localVoted) : ''}
        </span>
        <Button $size="sm" onClick={onSkip}>
          <SkipIcon />
          {trPolls.quick.skip}
        </Button>
      </Bottom>
    </Question>
  );
}

function QuickForm({ isMember, onDone, onCancel }: { isMember: boolean; onDone: () => void; onCancel: () => void }) {
  const [question, setQuestion] = useState('');
  const [a, setA] = useState('');
  const [b, setB] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [add, { isLoading }] = useAddQuickQuestionMutation();
  const toast = useToast();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isMember) {
      setErrors({ '': trPolls.quick.signIn });
      return;
    }
    const body = { question: question.trim(), options: [a.trim(), b.trim()] as [string, string] };
    if (!body.question || !body.options[0] || !body.options[1]) {
      setErrors({ '': trPolls.quick.required });
      return;
    }
    // Fetched on the first submit: the form is on the feed, and the first load of / has a size budget.
    const { quickQuestion: quickQuestionValidator } = await import('../../generated/forms/quickQuestion');
    const checked = validateForm(quickQuestionValidator, 'quickQuestion', body);
    if (!checked.ok) {
      const byField = fieldErrors(checked.errors);
      const optionErrors = checked.errors.filter((e) => e.path.startsWith('options.'));
      setErrors({
        question: byField['question'] ?? '',
        a: optionErrors.find((e) => e.path === 'options.0')?.message ?? '',
        b: optionErrors.find((e) => e.path === 'options.1')?.message ?? '',
      });
      return;
    }
    setErrors({});
    try {
      await add(body).unwrap();
      toast({ title: trPolls.quick.added, description: trPolls.quick.addedText, variant: 'success' });
      onDone();
    } catch {
      toast({ title: trPolls.quick.failed, variant: 'error' });
    }
  }

  return (
    <Form onSubmit={submit} noValidate aria-label={trPolls.quick.formTitle} data-quick-form>
      <InputField
        label={trPolls.quick.questionLabel}
        placeholder={trPolls.quick.questionPlaceholder}
        value={question}
        maxLength={limits.quick.questionMax}
        counter={limits.quick.questionMax}
        onChange={(e) => setQuestion(e.target.value)}
        error={errors['question'] || undefined}
      />
      <InputField
        label={trPolls.quick.optionALabel}
        value={a}
        maxLength={limits.quick.optionMax}
        counter={limits.quick.optionMax}
        onChange={(e) => setA(e.target.value)}
        error={errors['a'] || undefined}
      />
      <InputField
        label={trPolls.quick.optionBLabel}
        value={b}
        maxLength={limits.quick.optionMax}
        counter={limits.quick.optionMax}
        onChange={(e) => setB(e.target.value)}
        error={errors['b'] || undefined}
      />
      {errors[''] ? <ErrorText role="alert">{errors['']}</ErrorText> : null}
      <Actions>
        <Button onClick={onCancel}>{trPolls.quick.cancel}</Button>
        <Button type="submit" $variant="primary" disabled={isLoading}>
          {trPolls.quick.submit}
        </Button>
      </Actions>
    </Form>
  );
}

const Widget = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.9rem;
  padding: 1.1rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Head = styled.header`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;

  h2 { display: inline-flex; align-items: center; gap: 0.4rem; font-size: 1.05rem; }
  h2 svg { color: ${({ theme }) => theme.colors.warning}; }
`;

const Position = styled.span`
  font-size: 0.8rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const appear = keyframes`from { opacity: 0; transform: translateY(4px); } to { opacity: 1; transform: none; }`;

const Question = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  animation: ${appear} 180ms ease-out;

  & > p { font-weight: 700; font-size: 1rem; overflow-wrap: anywhere; }
`;

const Versus = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
  align-items: stretch;
  gap: 0.5rem;
`;

const Vs = styled.span`
  align-self: center;
  font-weight: 900;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Choice = styled.button<{ $chosen: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 0.2rem;
  min-height: 4rem;
  padding: 0.5rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 2px solid ${({ theme, $chosen }) => ($chosen ? theme.colors.primary : theme.colors.border)};
  background: ${({ theme, $chosen }) =>
    $chosen
      ? `color-mix(in srgb, ${theme.colors.primary} 16%, ${theme.colors.surfaceRaised})`
      : theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  text-align: center;
  overflow-wrap: anywhere;
  cursor: pointer;

  small { font-size: 0.95rem; color: ${({ theme }) => theme.colors.primary}; }
  &:hover:not(:disabled) { border-color: ${({ theme }) => theme.colors.primary}; }
  &:disabled { cursor: default; }
`;

const Bottom = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  min-height: 2rem;

  span { font-size: 0.85rem; font-weight: 600; color: ${({ theme }) => theme.colors.success}; }
`;

const Finished = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.4rem;
  text-align: center;

  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; }
  & > div { justify-content: center; }
`;

const AddLink = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 0.3rem;
  align-self: flex-start;
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.8rem;
  font-weight: 600;
  cursor: pointer;

  svg { width: 0.9rem; height: 0.9rem; }
  &:hover { color: ${({ theme }) => theme.colors.primary}; }
`;
