import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { limits } from '@meydan/proto';
import { apiErrorMessage } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { tr } from '../../i18n/tr';
import { trSession } from '../../i18n/tr-session';
import { Button, ButtonLink, LinkButton } from '../../ui/buttons';
import { MailIcon } from './MailIcon';
import { fieldErrors, validateForm } from '../../lib/validation';
import { register as registerValidator } from '../../generated/forms/register';
import { Actions, Form, InputField } from '../../ui/fields';
import { useToast } from '../toasts/useToast';
import { dialogClosed, dialogOpened } from '../../store/uiSlice';
import { useRegisterMutation } from './sessionApi';

const empty = { username: '', email: '', displayName: '', password: '', confirmPassword: '' };
type Values = typeof empty;

/**
 * The registration checks of the spec, in its order: every field filled (the server's own texts), the passwords
 * match ('Şifreler eşleşmiyor!'), the password has at least 6 characters ('Şifre en az 6 karakter olmalıdır!').
 */
export function registrationErrors(values: Values): Record<string, string> {
  const body = {
    username: values.username.trim(),
    email: values.email.trim(),
    displayName: values.displayName.trim(),
    password: values.password,
  };
  // Empty fields are left out, so the schema says "… gerekli" rather than a length rule.
  const filled = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== ''));
  const checked = validateForm(registerValidator, 'register', filled);
  const errors = checked.ok ? {} : fieldErrors(checked.errors);
  if (!values.confirmPassword || values.confirmPassword !== values.password) {
    errors['confirmPassword'] = trSession.register.mismatch;
  }
  if (values.password && [...values.password].length < limits.user.passwordMin) {
    errors['password'] = trSession.register.passwordMin;
  }
  return errors;
}

/** Registration, as a page (/register, /kayit) and inside the modal; ends in the e-mail-sent state. */
export function RegisterForm({ inModal = false }: { inModal?: boolean }) {
  const dispatch = useAppDispatch();
  const { values, errors, set, submit, isLoading, sentTo } = useRegisterForm();

  if (sentTo) return <RegisterSent email={sentTo} inModal={inModal} />;

  return (
    <Form onSubmit={submit} noValidate aria-label={trSession.register.title}>
      <InputField
        label={trSession.register.username}
        name="username"
        autoComplete="username"
        required
        maxLength={limits.user.usernameMax}
        value={values.username}
        onChange={set('username')}
        error={errors['username']}
        hint={trSession.register.usernameHint}
      />
      <InputField
        label={trSession.register.email}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        error={errors['email']}
      />
      <InputField
        label={trSession.register.displayName}
        name="displayName"
        autoComplete="name"
        required
        maxLength={limits.user.displayNameMax}
        value={values.displayName}
        onChange={set('displayName')}
        error={errors['displayName']}
      />
      <InputField
        label={trSession.register.password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        onChange={set('password')}
        error={errors['password']}
        hint={trSession.register.passwordHint}
      />
      <InputField
        label={trSession.register.confirmPassword}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors['confirmPassword']}
      />
      <Actions>
        {inModal ? <Button onClick={() => dispatch(dialogClosed())}>{tr.common.cancel}</Button> : null}
        <Button type="submit" $variant="primary" disabled={isLoading} $block={!inModal}>
          {isLoading ? trSession.register.submitting : trSession.register.submit}
        </Button>
      </Actions>
      <SwitchLine>
        {trSession.register.haveAccount}{' '}
        <LinkButton onClick={() => dispatch(dialogOpened({ kind: 'login' }))}>{trSession.register.toLogin}</LinkButton>
      </SwitchLine>
    </Form>
  );
}

/** The registration's values, its checks before sending, and the address the confirmation went to once sent. */
function useRegisterForm() {
  const toast = useToast();
  const [register, { isLoading }] = useRegisterMutation();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string | null>(null);

  const set = (field: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = registrationErrors(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = {
      username: values.username.trim(),
      email: values.email.trim(),
      displayName: values.displayName.trim(),
      password: values.password,
    };
    try {
      const answer = await register(body).unwrap();
      toast({ title: trSession.register.successTitle, description: answer.message, variant: 'success' });
      setSentTo(body.email);
    } catch (err) {
      toast({
        title: trSession.register.failedTitle,
        description: apiErrorMessage(err) ?? trSession.register.failedText,
        variant: 'error',
      });
    }
  }

  return { values, errors, set, submit, isLoading, sentTo };
}

/** 'Check your e-mail': what the form becomes once the registration is accepted. */
function RegisterSent({ email, inModal }: { email: string; inModal: boolean }) {
  const dispatch = useAppDispatch();
  return (
    <Sent role="status" data-register-sent>
      <MailIcon />
      <h2>{trSession.register.sentTitle}</h2>
      <p>{trSession.register.sentText(email)}</p>
      {inModal ? (
        <ButtonLink to="/" $variant="primary" onClick={() => dispatch(dialogClosed())}>
          {trSession.register.backHome}
        </ButtonLink>
      ) : (
        <ButtonLink to="/" $variant="primary">
          {trSession.register.backHome}
        </ButtonLink>
      )}
    </Sent>
  );
}

const SwitchLine = styled.p`
  text-align: center;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Sent = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 0.75rem;
  padding: 1rem 0;
  text-align: center;

  svg { width: 3rem; height: 3rem; color: ${({ theme }) => theme.colors.primary}; }
  h2 { font-size: 1.25rem; }
  p { color: ${({ theme }) => theme.colors.textMuted}; max-width: 28rem; }
`;
