import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { apiErrorCode, apiErrorMessage } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { tr } from '../../i18n/tr';
import { trSession } from '../../i18n/tr-session';
import { Button } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { fieldErrors, validateForm } from '../../lib/validation';
import { resetPassword as resetPasswordValidator } from '../../generated/forms/resetPassword';
import { Actions, Form, InputField } from '../../ui/fields';
import { useToast } from '../toasts/useToast';
import { dialogOpened } from '../../store/uiSlice';
import { ForgotPasswordForm } from './LoginDialog';
import { useResetPasswordMutation } from './sessionApi';

/** What a link the server refused says (its answer's code), with the way on: a new link from the login dialog. */
const linkProblems: Record<string, string> = {
  reset_link_used: trSession.resetPassword.used,
  reset_link_expired: trSession.resetPassword.expired,
  reset_link_invalid: trSession.resetPassword.invalid,
};

/** /sifre-sifirla?token=…: the page the password-reset mail opens; a new password, twice, with registration's rules. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const dispatch = useAppDispatch();
  const toast = useToast();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const openLogin = () => dispatch(dialogOpened({ kind: 'login' }));
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(
    token ? null : { ok: false, text: trSession.resetPassword.invalid },
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { token, password };
    const checked = validateForm(resetPasswordValidator, 'resetPassword', body);
    if (!checked.ok) {
      setErrors(fieldErrors(checked.errors));
      return;
    }
    if (password !== confirm) {
      setErrors({ confirm: trSession.resetPassword.mismatch });
      return;
    }
    setErrors({});
    try {
      setOutcome({ ok: true, text: (await resetPassword(body).unwrap()).message });
    } catch (err) {
      const problem = linkProblems[apiErrorCode(err) ?? ''];
      if (problem) setOutcome({ ok: false, text: problem });
      else
        toast({
          title: trSession.resetPassword.failedTitle,
          description: apiErrorMessage(err) ?? trSession.resetPassword.failedText,
          variant: 'error',
        });
    }
  }

  return (
    <Narrow>
      <Page title={tr.pages.resetPassword}>
        <Card>
          {outcome ? (
            <Outcome role={outcome.ok ? 'status' : 'alert'} $ok={outcome.ok}>
              <strong>{outcome.ok ? trSession.resetPassword.doneTitle : trSession.resetPassword.failedTitle}</strong>
              <span>{outcome.text}</span>
              {outcome.ok ? (
                <Actions>
                  <Button $variant="primary" onClick={openLogin}>
                    {trSession.resetPassword.toLogin}
                  </Button>
                </Actions>
              ) : (
                <RequestNew aria-label={trSession.resetPassword.requestNew}>
                  <h2>{trSession.resetPassword.requestNew}</h2>
                  <ForgotPasswordForm onBack={openLogin} />
                </RequestNew>
              )}
            </Outcome>
          ) : (
            <Form onSubmit={submit} noValidate>
              <Lead>{trSession.resetPassword.lead}</Lead>
              <InputField
                label={trSession.resetPassword.password}
                hint={trSession.resetPassword.passwordHint}
                type="password"
                name="password"
                autoComplete="new-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={errors['password']}
              />
              <InputField
                label={trSession.resetPassword.confirmPassword}
                type="password"
                name="confirm"
                autoComplete="new-password"
                required
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
                error={errors['confirm']}
              />
              <Actions>
                <Button type="submit" $variant="primary" disabled={isLoading}>
                  {isLoading ? trSession.resetPassword.submitting : trSession.resetPassword.submit}
                </Button>
              </Actions>
            </Form>
          )}
        </Card>
      </Page>
    </Narrow>
  );
}

const Narrow = styled.div`
  max-width: 30rem;
  margin: 0 auto;
`;

const Lead = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Card = styled.div`
  padding: 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const RequestNew = styled.section`
  margin-top: 0.75rem;
  h2 {
    margin: 0 0 0.5rem;
    font-size: 1.05rem;
  }
`;

const Outcome = styled.div<{ $ok: boolean }>`
  display: grid;
  gap: 0.5rem;
  line-height: 1.5;
  strong {
    color: ${({ theme, $ok }) => ($ok ? theme.colors.success : theme.colors.danger)};
  }
`;
