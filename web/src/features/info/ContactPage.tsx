import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { limits, type ContactSubject } from '@meydan/proto';
import { apiErrorMessage } from '../../store/api';
import { tr } from '../../i18n/tr';
import { trInfo } from '../../i18n/tr-info';
import { Button } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { contact as contactForm } from '../../generated/forms/contact';
import { fieldErrors, validateForm } from '../../lib/validation';
import { BotChallenge } from '../../ui/BotChallenge';
import { Actions, controlStyles, FieldFrame, Form, InputField, TextAreaField } from '../../ui/fields';
import { useSendContactMessageMutation } from '../contact/contactApi';
import { useSessionQuery } from '../session/sessionApi';
import { useToast } from '../toasts/useToast';

const T = trInfo.contact;
const subjects = limits.contact.subjects;
const isSubject = (value: string | null): value is ContactSubject => subjects.includes(value as ContactSubject);

/** /iletisim: the contact-info and data-protection cards, and the form (`?konu=teknik` chooses the subject). */
export function ContactPage() {
  return (
    <Page title={tr.pages.contact}>
      <Lead>{T.lead}</Lead>
      <Columns>
        <Side>
          <Card aria-labelledby="contact-info-title">
            <h2 id="contact-info-title">{T.infoTitle}</h2>
            <InfoList>
              <dt>{T.emailLabel}</dt>
              <dd>
                <a href={`mailto:${T.email}`}>{T.email}</a>
              </dd>
              <dt>{T.liveSupportLabel}</dt>
              <dd>{T.liveSupport}</dd>
              <dt>{T.replyTimeLabel}</dt>
              <dd>{T.replyTime}</dd>
              <dt>{T.addressLabel}</dt>
              <dd>{T.city}</dd>
            </InfoList>
            <h3>{T.stagesTitle}</h3>
            <Stages>
              {T.stages.map((stage) => (
                <li key={stage}>{stage}</li>
              ))}
            </Stages>
          </Card>
          <Card aria-labelledby="contact-privacy-title">
            <h2 id="contact-privacy-title">{T.privacyTitle}</h2>
            <p>{T.privacyText}</p>
            <Link to="/gizlilik-politikasi">{T.privacyLink}</Link>
          </Card>
        </Side>
        <Card aria-labelledby="contact-form-title">
          <h2 id="contact-form-title">{T.formTitle}</h2>
          <ContactForm />
        </Card>
      </Columns>
    </Page>
  );
}

function ContactForm() {
  const toast = useToast();
  const [params] = useSearchParams();
  const { data: user } = useSessionQuery();
  const [send, { isLoading }] = useSendContactMessageMutation();
  const chosen = params.get('konu');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [subject, setSubject] = useState<string>(isSubject(chosen) ? chosen : '');
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A solved challenge is good for one message: a new widget (new key) solves the next one.
  const [challengeRound, setChallengeRound] = useState(0);
  const [token, setToken] = useState<string | null>(null);
  const challengeChanged = useCallback((payload: string | null) => setToken(payload), []);

  useEffect(() => {
    if (isSubject(chosen)) setSubject(chosen);
  }, [chosen]);
  useEffect(() => {
    const displayName = user?.displayName;
    if (displayName) setName((current) => current || displayName);
  }, [user?.displayName]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) {
      toast({ title: T.errorTitle, description: T.challengeRequired, variant: 'error' });
      return;
    }
    const body = { name, email: email.trim(), subject, message, turnstileToken: token };
    const checked = validateForm(contactForm, 'contact', body);
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      return;
    }
    setErrors({});
    try {
      const receipt = await send(checked.value).unwrap();
      toast({ title: T.successTitle, description: receipt.message, variant: 'success' });
      setName(user?.displayName ?? '');
      setEmail('');
      setSubject('');
      setMessage('');
    } catch (err) {
      toast({ title: T.errorTitle, description: apiErrorMessage(err) ?? T.failed, variant: 'error' });
    } finally {
      setToken(null);
      setChallengeRound((round) => round + 1);
    }
  }

  return (
    <Form onSubmit={submit} noValidate>
      <InputField
        label={T.name}
        name="name"
        autoComplete="name"
        required
        maxLength={limits.contact.nameMax}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errors['name']}
      />
      <InputField
        label={T.emailField}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors['email']}
      />
      <FieldFrame label={T.subject} error={errors['subject']}>
        {({ id, describedBy, invalid }) => (
          <Select
            id={id}
            name="subject"
            required
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            value={subject}
            onChange={(e) => setSubject(e.target.value)}
          >
            <option value="">{T.subjectPlaceholder}</option>
            {subjects.map((value) => (
              <option key={value} value={value}>
                {T.subjects[value]}
              </option>
            ))}
          </Select>
        )}
      </FieldFrame>
      <TextAreaField
        label={T.message}
        name="message"
        required
        rows={6}
        counter={limits.contact.messageMax}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        error={errors['message']}
      />
      <ChallengeGroup aria-label={T.challengeLabel}>
        <BotChallenge key={challengeRound} challengeUrl="/api/contact/challenge" onChange={challengeChanged} />
      </ChallengeGroup>
      <Actions>
        <Button type="submit" $variant="primary" disabled={isLoading || !token}>
          {isLoading ? T.submitting : T.submit}
        </Button>
      </Actions>
    </Form>
  );
}

/** The bot challenge's group: a fieldset without a fieldset's own border and spacing. */
const ChallengeGroup = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
`;

const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Columns = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: minmax(0, 1fr);
  align-items: start;

  @media (min-width: ${({ theme }) => theme.breakpoints.narrow}) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
  }
`;

const Side = styled.div`
  display: grid;
  gap: 1rem;
`;

const Card = styled.section`
  display: grid;
  gap: 0.75rem;
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0;
    font-size: 1.15rem;
  }
  h3 {
    margin: 0.25rem 0 0;
    font-size: 1rem;
  }
  p {
    margin: 0;
    line-height: 1.55;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const InfoList = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.4rem 1rem;
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-weight: 600;
  }
`;

const Stages = styled.ol`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    padding: 0.2rem 0.6rem;
    border-radius: ${({ theme }) => theme.radii.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: 0.85rem;
  }
`;

const Select = styled.select`
  ${controlStyles}
  min-height: 2.6rem;
`;
