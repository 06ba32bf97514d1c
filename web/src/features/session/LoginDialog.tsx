import { useCallback, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorCode, apiErrorMessage } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { trSession } from '../../i18n/tr-session';
import { Button, LinkButton } from '../../layout/buttons';
import { nameOf } from '../../lib/avatar';
import { fieldErrors, validateForm } from '../../lib/validation';
import { forgotPassword as forgotPasswordValidator } from '../../generated/forms/forgotPassword';
import { login as loginValidator } from '../../generated/forms/login';
import { Modal } from '../../ui/Modal';
import { Actions, ErrorText, Form, Hint, InputField } from '../../ui/fields';
import { useToast } from '../toasts/useToast';
import { dialogClosed, dialogOpened, selectDialog } from '../ui/uiSlice';
import { BotChallenge } from '../../ui/BotChallenge';
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
      {mode === 'login' ? <LoginForm onForgot={() => setMode('forgot')} /> : <ForgotPasswordForm onBack={() => setMode('login')} />}
    </Modal>
  );
}

const challengeCodes = new Set(['challenge_required', 'challenge_invalid']);

function LoginForm({ onForgot }: { onForgot: () => void }) {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [challengeShown, setChallengeShown] = useState(false);
  // A solved challenge is good for one attempt: a new widget (new key) solves the next one.
  const [challengeRound, setChallengeRound] = useState(0);
  const [altcha, setAltcha] = useState<string | null>(null);
  const challengeChanged = useCallback((payload: string | null) => setAltcha(payload), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { email: email.trim(), password, ...(altcha ? { altcha } : {}) };
    const checked = validateForm(loginValidator, 'login', body);
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      return;
    }
    if (challengeShown && !altcha) {
      setErrors({ altcha: trSession.login.challengePending });
      return;
    }
    setErrors({});
    try {
      const user = await login(body).unwrap();
      dispatch(dialogClosed());
      toast({ title: trSession.login.successTitle, description: trSession.login.successText(nameOf(user)), variant: 'success' });
    } catch (err) {
      if (altcha) {
        setAltcha(null);
        setChallengeRound((round) => round + 1);
      }
      if (challengeCodes.has(apiErrorCode(err) ?? '')) setChallengeShown(true);
      toast({ title: trSession.login.failedTitle, description: apiErrorMessage(err) ?? trSession.login.failedText, variant: 'error' });
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
      {challengeShown && (
        <ChallengeBox role="group" aria-label={trSession.login.challengeLabel}>
          <Hint>{trSession.login.challengeHint}</Hint>
          <BotChallenge key={challengeRound} challengeUrl="/api/auth/challenge" onChange={challengeChanged} />
          {errors['altcha'] ? <ErrorText role="alert">{errors['altcha']}</ErrorText> : null}
        </ChallengeBox>
      )}
      <Actions>
        <Button onClick={() => dispatch(dialogClosed())}>{trSession.login.cancel}</Button>
        <Button type="submit" $variant="primary" disabled={isLoading || (challengeShown && !altcha)}>
          {isLoading ? trSession.login.submitting : trSession.login.submit}
        </Button>
      </Actions>
      <Switch>
        {trSession.login.noAccount}{' '}
        <LinkButton onClick={() => dispatch(dialogOpened({ kind: 'register' }))}>{trSession.login.toRegister}</LinkButton>
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
      toast({ title: trSession.forgotPassword.failedTitle, description: apiErrorMessage(err) ?? trSession.forgotPassword.failedText, variant: 'error' });
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

const ChallengeBox = styled.div`
  display: grid;
  gap: 0.5rem;
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
