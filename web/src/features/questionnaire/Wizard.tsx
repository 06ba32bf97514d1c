import { limits } from '@meydan/proto';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trProfile } from '../../i18n/tr-profile';
import { Button } from '../../ui/buttons';
import { Actions, controlStyles, Hint, InputField } from '../../ui/fields';
import { useToast } from '../toasts/useToast';
import { countries, provinces } from './places.generated';
import {
  useProfileQuestionsQuery,
  useSaveAnswersMutation,
  useSaveProfileDataMutation,
  type ProfileQuestion,
} from './questionnaireApi';
import { risingSignOf, sunSignOf, zodiacSigns } from './zodiac';

const T = trProfile.questionnaire;
const QUESTIONS_PER_STEP = limits.profile.questionsPerStep;
const TURKIYE = 'TR';
const DEFAULT_CITY = 'İstanbul';
/** Step 0 basic information, step 1 signs, then the questions three per step: 3 + ceil(12 / 3) = 7 (the last one a summary). */
export const TOTAL_STEPS = 3 + Math.ceil(limits.profile.questionCount / QUESTIONS_PER_STEP);

interface Basics {
  birthDate: string;
  birthTime: string;
  country: string;
  city: string;
  district: string;
  gender: '' | 'kadın' | 'erkek';
}

/** The seven-step questionnaire; `onDone` runs once the answers are saved. */
export function Wizard({ userId, onLeave }: { userId: string; onLeave: () => void }) {
  const wizard = useWizard(userId, onLeave);
  const { step, basics, update, questions, answers, setAnswers, busy } = wizard;
  const percent = Math.round(((step + 1) / TOTAL_STEPS) * 100);

  let content: ReactNode;
  if (step === 0) content = <BasicsStep basics={basics} update={update} />;
  else if (step === 1)
    content = <SignStep basics={basics} zodiacSign={wizard.zodiacSign} onSign={wizard.setZodiacSign} />;
  else if (step < TOTAL_STEPS - 1) {
    const stepQuestions = questions.slice((step - 2) * QUESTIONS_PER_STEP, (step - 1) * QUESTIONS_PER_STEP);
    content = (
      <Fields>
        {stepQuestions.map((q, i) => (
          <QuestionField
            key={q.id}
            question={q}
            number={(step - 2) * QUESTIONS_PER_STEP + i + 1}
            value={answers[q.id]}
            onChange={(answer) => setAnswers((a) => ({ ...a, [q.id]: answer }))}
          />
        ))}
      </Fields>
    );
  } else content = <SummaryStep questions={questions} answers={answers} />;

  return (
    <Frame ref={wizard.frame} aria-labelledby="wizard-step">
      <Progress>
        <span>{T.progress(step + 1, TOTAL_STEPS)}</span>
        <div
          role="progressbar"
          aria-label={T.progress(step + 1, TOTAL_STEPS)}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <Bar style={{ width: `${percent}%` }} />
        </div>
      </Progress>
      <h2 id="wizard-step" ref={wizard.heading} tabIndex={-1}>
        {T.steps[step]}
      </h2>
      {content}
      <Actions>
        <Button onClick={wizard.back} disabled={busy}>
          {T.back}
        </Button>
        <Button $variant="primary" onClick={wizard.next} disabled={busy}>
          {busy ? T.saving : step === TOTAL_STEPS - 1 ? T.finish : T.next}
        </Button>
      </Actions>
    </Frame>
  );
}

/** The wizard's step and answers, each step's checks before the next, and the save at the end. */
function useWizard(userId: string, onLeave: () => void) {
  const toast = useToast();
  const { data } = useProfileQuestionsQuery();
  const questions = data?.questions ?? [];
  const [saveProfile, { isLoading: savingProfile }] = useSaveProfileDataMutation();
  const [saveAnswers, { isLoading: savingAnswers }] = useSaveAnswersMutation();
  const [step, setStep] = useState(0);
  const [basics, setBasics] = useState<Basics>({
    birthDate: '',
    birthTime: '',
    country: TURKIYE,
    city: DEFAULT_CITY,
    district: '',
    gender: '',
  });
  const [zodiacSign, setZodiacSign] = useState('');
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const { frame, heading } = useStepFocus(step);

  /** Says what the step still needs; false, the step's answer. */
  const missing = (text: string) => {
    toast({ title: T.missingTitle, description: text, variant: 'error' });
    return false;
  };

  const stepValid = (): boolean => {
    if (step === 0) {
      if (!basics.birthDate) return missing(T.missingDate);
      if (basics.country === TURKIYE && !basics.district) return missing(T.missingPlace);
      if (!basics.birthTime) return missing(T.missingTime);
    }
    if (step === 1 && !zodiacSign) return missing(T.missingSign);
    return true;
  };

  const finish = async () => {
    const countryName = countries.find((c) => c.code === basics.country)?.name ?? basics.country;
    const birthPlace =
      basics.country === TURKIYE ? [countryName, basics.city, basics.district].join(', ') : countryName;
    const profile = await saveProfile({
      userId,
      data: {
        birthDate: basics.birthDate,
        birthTime: basics.birthTime,
        birthPlace,
        zodiacSign,
        ...(basics.gender ? { gender: basics.gender } : {}),
      },
    });
    if ('error' in profile) {
      toast({
        title: T.failedTitle,
        description: `${T.failedText}${apiErrorMessage(profile.error) ?? ''}`,
        variant: 'error',
      });
      return;
    }
    const byId = new Map(questions.map((q) => [q.id, q]));
    const body = {
      answers: Object.entries(answers).map(([questionId, answer]) => ({
        questionId,
        answer,
        category: byId.get(questionId)?.category ?? questionId,
      })),
    };
    const saved = await saveAnswers({ userId, body });
    if ('error' in saved) {
      toast({ title: T.failedTitle, description: apiErrorMessage(saved.error) ?? T.failedText, variant: 'error' });
      return;
    }
    toast({ title: T.savedTitle, description: T.savedText, variant: 'success' });
  };

  const next = () => {
    if (!stepValid()) return;
    if (step === TOTAL_STEPS - 1) void finish();
    else setStep(step + 1);
  };
  const back = () => (step === 0 ? onLeave() : setStep(step - 1));
  const update = (patch: Partial<Basics>) => setBasics((b) => ({ ...b, ...patch }));

  return {
    step,
    basics,
    update,
    zodiacSign,
    setZodiacSign,
    questions,
    answers,
    setAnswers,
    busy: savingProfile || savingAnswers,
    next,
    back,
    frame,
    heading,
  };
}

/**
 * A new step starts at its top (the progress and its heading), not where the last one was scrolled to, and a screen
 * reader hears which step it is.
 */
function useStepFocus(step: number) {
  const frame = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    frame.current?.scrollIntoView?.({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [step]);
  return { frame, heading };
}

/** Step 1: the birth date, time and place (a district only in Türkiye) and the gender. */
function BasicsStep({ basics, update }: { basics: Basics; update: (patch: Partial<Basics>) => void }) {
  const province = provinceOf(basics);
  const districts = province?.districts ?? [];
  return (
    <Fields>
      <InputField
        label={T.birthDate}
        type="date"
        value={basics.birthDate}
        onChange={(e) => update({ birthDate: e.target.value })}
        max={new Date().toISOString().slice(0, 10)}
        required
      />
      <InputField
        label={T.birthTime}
        type="time"
        value={basics.birthTime}
        onChange={(e) => update({ birthTime: e.target.value })}
        required
      />
      <SelectField
        label={T.country}
        value={basics.country}
        onChange={(country) => update({ country, city: country === TURKIYE ? DEFAULT_CITY : '', district: '' })}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={T.city}
        value={basics.city}
        disabled={basics.country !== TURKIYE}
        onChange={(city) => update({ city, district: '' })}
      >
        {provinces.map((p) => (
          <option key={p.code} value={p.name}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={T.district}
        value={basics.district}
        disabled={basics.country !== TURKIYE}
        onChange={(district) => update({ district })}
      >
        <option value="">{T.chooseDistrict}</option>
        {districts.map((d) => (
          <option key={d} value={d}>
            {d}
          </option>
        ))}
      </SelectField>
      <fieldset>
        <legend>{T.gender}</legend>
        <Choices>
          {(['kadın', 'erkek'] as const).map((g) => (
            <Choice key={g}>
              <input
                type="radio"
                name="gender"
                value={g}
                checked={basics.gender === g}
                onChange={() => update({ gender: g })}
              />
              {g === 'kadın' ? T.female : T.male}
            </Choice>
          ))}
        </Choices>
      </fieldset>
    </Fields>
  );
}

const provinceOf = (basics: Basics) =>
  basics.country === TURKIYE ? provinces.find((p) => p.name === basics.city) : undefined;

/** Step 2: the sun and rising signs worked out from step 1, and the sign the member chooses. */
function SignStep({
  basics,
  zodiacSign,
  onSign,
}: {
  basics: Basics;
  zodiacSign: string;
  onSign: (sign: string) => void;
}) {
  const province = provinceOf(basics);
  const sun = sunSignOf(basics.birthDate);
  const rising = useMemo(
    () =>
      province && basics.birthDate && basics.birthTime
        ? risingSignOf({
            birthDate: basics.birthDate,
            birthTime: basics.birthTime,
            latitude: province.lat,
            longitude: province.lon,
          })
        : null,
    [province, basics.birthDate, basics.birthTime],
  );
  return (
    <Fields>
      <SignFacts>
        <p>
          <span>{T.sunSign}</span> <strong data-sun-sign>{sun?.name ?? '—'}</strong>
        </p>
        <p>
          <span>{T.risingSign}</span> <strong data-rising-sign>{rising?.name ?? '—'}</strong>
        </p>
        {basics.country !== TURKIYE ? <Hint>{T.risingUnknown}</Hint> : null}
      </SignFacts>
      <fieldset>
        <legend>{T.chooseSign}</legend>
        <SignGrid>
          {zodiacSigns.map((sign) => (
            <SignCard key={sign.name} $selected={zodiacSign === sign.name}>
              <input
                type="radio"
                name="zodiacSign"
                value={sign.name}
                checked={zodiacSign === sign.name}
                onChange={() => onSign(sign.name)}
              />
              <strong>{sign.name}</strong>
              <small>{sign.dateRange}</small>
              <small>
                {T.element}: {sign.element} · {T.planet}: {sign.planet}
              </small>
              <small>{sign.traits.join(', ')}</small>
            </SignCard>
          ))}
        </SignGrid>
      </fieldset>
    </Fields>
  );
}

/** The last step: every question with its answer, before the save. */
function SummaryStep({ questions, answers }: { questions: ProfileQuestion[]; answers: Record<string, string> }) {
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

function SelectField({
  label,
  value,
  onChange,
  disabled,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  const id = `select-${label}`;
  return (
    <SelectWrap>
      <label htmlFor={id}>{label}</label>
      <Select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {children}
      </Select>
    </SelectWrap>
  );
}

function QuestionField({
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

const Frame = styled.section`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  scroll-margin-top: 5rem;

  h2 { font-size: 1.2rem; font-weight: 700; }
  h2:focus:not(:focus-visible) { outline: none; }
  fieldset { border: 0; padding: 0; margin: 0; }
  legend { font-weight: 600; margin-bottom: 0.5rem; }
  .number { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Progress = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};

  [role='progressbar'] {
    height: 0.5rem;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    overflow: hidden;
  }
`;

const Bar = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 200ms ease;
`;

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const SelectWrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;

  label { font-weight: 600; font-size: 0.9rem; }
`;

const Select = styled.select`
  ${controlStyles}
  min-height: 2.6rem;
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

const Choices = styled.div<{ $column?: boolean }>`
  display: flex;
  flex-direction: ${({ $column }) => ($column ? 'column' : 'row')};
  flex-wrap: wrap;
  gap: 0.5rem;
`;

const Choice = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 0.5rem;
  padding: 0.5rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  cursor: pointer;

  &:has(input:checked) { border-color: ${({ theme }) => theme.colors.primary}; }
  input:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const SignFacts = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1.5rem;

  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const SignGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: 0.5rem;
`;

const SignCard = styled.label<{ $selected: boolean }>`
  display: flex;
  flex-direction: column;
  gap: 0.2rem;
  padding: 0.6rem 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  cursor: pointer;

  input { position: absolute; opacity: 0; width: 1px; height: 1px; }
  &:has(input:focus-visible) { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.78rem; }
`;

const Summary = styled.dl`
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  margin: 0;

  dt { font-weight: 600; }
  dd { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;
