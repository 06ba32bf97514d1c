import { limits } from '@meydan/proto';
import { useMemo, useState, type ReactNode } from 'react';
import { apiErrorMessage } from '../../store/api';
import { trProfile } from '../../i18n/tr-profile';
import { Button } from '../../ui/buttons';
import { Actions, Hint, InputField } from '../../ui/fields';
import { useToast } from '../toasts/useToast';
import { countries, provinces } from './places.generated';
import { QuestionField, SummaryStep } from './questionSteps';
import { useProfileQuestionsQuery, useSaveAnswersMutation, useSaveProfileDataMutation } from './questionnaireApi';
import { useStepFocus } from './useStepFocus';
import {
  Bar,
  Choice,
  Choices,
  Fields,
  Frame,
  Progress,
  Select,
  SelectWrap,
  SignCard,
  SignFacts,
  SignGrid,
} from './wizardStyles';
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
