import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { tr } from '../../i18n/tr';
import { Button, LinkButton } from '../../layout/buttons';
import { nameOf } from '../../lib/avatar';
import { fieldErrors, validateForm } from '../../lib/validation';
import { Modal } from '../../ui/Modal';
import { Actions, Form, InputField } from '../../ui/fields';
import { useToast } from '../toasts/useToast';
import { dialogClosed, dialogOpened, selectDialog } from '../ui/uiSlice';
import { useLoginMutation } from './sessionApi';

/** 'Giriş Yap': e-mail and password, cancel, and a link that switches to registration. */
export function LoginDialog() {
  const dialog = useAppSelector(selectDialog);
  const dispatch = useAppDispatch();
  return (
    <Modal
      name="login"
      open={dialog?.kind === 'login'}
      onOpenChange={(open) => !open && dispatch(dialogClosed())}
      title={tr.login.title}
      description={tr.login.description}
      width="26rem"
    >
      <LoginForm />
    </Modal>
  );
}

function LoginForm() {
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { email: email.trim(), password };
    const checked = validateForm('login', body);
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      return;
    }
    setErrors({});
    try {
      const user = await login(body).unwrap();
      dispatch(dialogClosed());
      toast({ title: tr.login.successTitle, description: tr.login.successText(nameOf(user)), variant: 'success' });
    } catch (err) {
      toast({ title: tr.login.failedTitle, description: apiErrorMessage(err) ?? tr.login.failedText, variant: 'error' });
    }
  }

  return (
    <Form onSubmit={submit} noValidate>
      <InputField
        label={tr.login.email}
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors['email']}
      />
      <InputField
        label={tr.login.password}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors['password']}
      />
      <Actions>
        <Button onClick={() => dispatch(dialogClosed())}>{tr.login.cancel}</Button>
        <Button type="submit" $variant="primary" disabled={isLoading}>
          {isLoading ? tr.login.submitting : tr.login.submit}
        </Button>
      </Actions>
      <Switch>
        {tr.login.noAccount}{' '}
        <LinkButton onClick={() => dispatch(dialogOpened({ kind: 'register' }))}>{tr.login.toRegister}</LinkButton>
      </Switch>
    </Form>
  );
}

export const Switch = styled.p`
  text-align: center;
  font-size: 0.9rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
