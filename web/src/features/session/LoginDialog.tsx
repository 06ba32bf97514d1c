import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorCode, apiErrorMessage } from '../../store/api';
import { useAppDispatch, useAppSelector } from '../../store/store';
import { trSession } from '../../i18n/tr-session';
import { Button, LinkButton } from '../../ui/buttons';
import { nameOf } from '../../lib/avatar';
import { fieldErrors, validateForm } from '../../lib/validation';
import { forgotPassword as forgotPasswordValidator } from '../../generated/forms/forgotPassword';
import { login as loginValidator } from '../../generated/forms/login';
import { Modal } from '../../ui/Modal';
import { ChallengeStep, useChallengeStep } from '../../ui/ChallengeStep';
import { Actions, Form, InputField } from '../../ui/fields';
import { useToast } from '../toasts/useToast';
import { dialogClosed, dialogOpened, selectDialog } from '../../store/uiSlice';
import { useForgotPasswordMutation, useLoginMutation } from './sessionApi';

type Mode = 'login' | 'forgot';

/**
 * 'Giriş Yap': e-mail and password, cancel, and a link that switches to registration. 'Şifremi unuttum' turns it
 * into a small form that asks for a reset link. After repeated failures on an account the server asks for the bot
 * challenge, which then shows above the buttons.
 */
export function LoginDialog() {
  const dialog = useAppSelector(selectDialog);
  const dispatch = useAppDispatch();
  const [mode, setMode] = useState<Mode>('login');
  const texts = mode === 'login' ? trSession.login : trSession.forgotPassword;
  return (
    <Modal
      name="login"
      open={dialog?.kind === 'login'}
      onOpenChange={(open) => {
        if (open) return;
        dispatch(dialogClosed());
        setMode('login');
      }}
      title={texts.title}
      description={texts.description}
      width="26rem"
    >
      {mode === 'login' ? (
        <LoginForm onForgot={() => setMode('forgot')} />
      ) : (
        <ForgotPasswordForm onBack={() => setMode('login')} />
      )}
    </Modal>
  );
}

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const challenge = useChallengeStep();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { email: email.trim(), password, ...challenge.body };
    const checked = validateForm(loginValidator, 'login', body);
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      return;
    }
    if (challenge.pending) {
      setErrors({ altcha: trSession.login.challengePending });
      return;
    }
    setErrors({});
    try {
      const user = await login(body).unwrap();
      dispatch(dialogClosed());
      toast({
        title: trSession.login.successTitle,
        description: trSession.login.successText(nameOf(user)),
        variant: 'success',
      });
    } catch (err) {
      challenge.failed(apiErrorCode(err));
      toast({
        title: trSession.login.failedTitle,
        description: apiErrorMessage(err) ?? trSession.login.failedText,
        variant: 'error',
      });
    }
  }

  return (
    <Form onSubmit={submit} noValidate>
      <InputField
        label={trSession.login.email}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors['email']}
      />
      <InputField
        label={trSession.login.password}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors['password']}
      />
      <Forgot>
        <LinkButton onClick={onForgot}>{trSession.login.forgot}</LinkButton>
      </Forgot>
      <ChallengeStep
        state={challenge}
        label={trSession.login.challengeLabel}
        hint={trSession.login.challengeHint}
        error={errors['altcha']}
      />
      <Actions>
        <Button onClick={() => dispatch(dialogClosed())}>{trSession.login.cancel}</Button>
        <Button type="submit" $variant="primary" disabled={isLoading || challenge.pending}>
          {isLoading ? trSession.login.submitting : trSession.login.submit}
        </Button>
      </Actions>
      <Switch>
        {trSession.login.noAccount}{' '}
        <LinkButton onClick={() => dispatch(dialogOpened({ kind: 'register' }))}>
          {trSession.login.toRegister}
        </LinkButton>
      </Switch>
    </Form>
  );
}

/** E-mail → POST /api/auth/forgot-password → the same answer whether or not the address has an account. */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const toast = useToast();
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { email: email.trim() };
    const checked = validateForm(forgotPasswordValidator, 'forgotPassword', body);
    if (!checked.ok) {
      setError(fieldErrors(checked.errors)['email']);
      return;
    }
    setError(undefined);
    try {
      setSent((await forgotPassword(body).unwrap()).message);
    } catch (err) {
      toast({
        title: trSession.forgotPassword.failedTitle,
        description: apiErrorMessage(err) ?? trSession.forgotPassword.failedText,
        variant: 'error',
      });
    }
  }

  if (sent) {
    return (
      <Form as="div">
        <Sent role="status">
          <strong>{trSession.forgotPassword.sentTitle}</strong>
          <span>{sent}</span>
        </Sent>
        <Actions>
          <Button $variant="primary" onClick={onBack}>
            {trSession.forgotPassword.back}
          </Button>
        </Actions>
      </Form>
    );
  }
  return (
    <Form onSubmit={submit} noValidate>
      <InputField
        label={trSession.forgotPassword.email}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <Actions>
        <Button onClick={onBack}>{trSession.forgotPassword.back}</Button>
        <Button type="submit" $variant="primary" disabled={isLoading}>
          {isLoading ? trSession.forgotPassword.submitting : trSession.forgotPassword.submit}
        </Button>
      </Actions>
    </Form>
  );
}

const Forgot = styled.p`
  margin: -0.25rem 0 0;
  text-align: right;
  font-size: 0.9rem;
`;

const Sent = styled.p`
  display: grid;
  gap: 0.35rem;
  margin: 0;
  line-height: 1.5;
`;

export const Switch = styled.p`
  text-align: center;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
