import { limits } from '@meydan/proto';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { apiErrorCode, apiErrorMessage } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { trProfile } from '../../i18n/tr-profile';
import { Button } from '../../ui/buttons';
import { formatDateTime } from '../../lib/time';
import { ChallengeStep, useChallengeStep } from '../../ui/ChallengeStep';
import { Actions, Form, Hint, InputField } from '../../ui/fields';
import { writeLoggedOut } from '../session/loggedOutFlag';
import { sessionApi } from '../session/sessionApi';
import { useToast } from '../toasts/useToast';
import { settingsAnchors } from './anchors';
import { Card } from './Card';
import {
  useExportMyDataMutation,
  useScheduleAccountDeletionMutation,
  useApiTokensQuery,
  useChangePasswordMutation,
  useCreateApiTokenMutation,
  useLogoutEverywhereMutation,
  useRevokeApiTokenMutation,
} from './settingsApi';

const T = trProfile.settings.account;

/** Change password, log out everywhere, personal API tokens. */
export function AccountSection() {
  return (
    <Card as="section" aria-labelledby="settings-account">
      <h2 id="settings-account">{T.heading}</h2>
      <PasswordForm />
      <Divider />
      <ApiTokens />
      <Divider />
      <ExportData />
      <Divider />
      <LogoutEverywhere />
      <Divider />
      <DeleteAccount />
    </Card>
  );
}

function PasswordForm() {
  const toast = useToast();
  const [change, { isLoading }] = useChangePasswordMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | undefined>();
  const challenge = useChallengeStep();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (next.length < limits.user.passwordMin) return setError(T.passwordMin);
    if (next !== confirm) return setError(T.mismatch);
    setError(undefined);
    const result = await change({ currentPassword: current, newPassword: next, ...challenge.body });
    if ('error' in result) {
      challenge.failed(apiErrorCode(result.error));
      toast({
        title: T.passwordFailedTitle,
        description: apiErrorMessage(result.error) ?? T.failedText,
        variant: 'error',
      });
      return;
    }
    setCurrent('');
    setNext('');
    setConfirm('');
    toast({ title: T.passwordChangedTitle, description: result.data.message, variant: 'success' });
  };

  return (
    <Form onSubmit={submit} noValidate aria-labelledby="settings-password">
      <h3 id="settings-password">{T.passwordHeading}</h3>
      <InputField
        label={T.currentPassword}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
        required
      />
      <InputField
        label={T.newPassword}
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(e) => setNext(e.target.value)}
        hint={T.newPasswordHint}
        required
      />
      <InputField
        label={T.confirmPassword}
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={error}
        required
      />
      <ChallengeStep state={challenge} label={T.challengeLabel} hint={T.challengeHint} />
      <Actions>
        <Button type="submit" $variant="primary" disabled={isLoading || !current || !next || challenge.pending}>
          {isLoading ? T.changingPassword : T.changePassword}
        </Button>
      </Actions>
    </Form>
  );
}

function ApiTokens() {
  const toast = useToast();
  const { data, isError } = useApiTokensQuery();
  const [create, { isLoading: creating }] = useCreateApiTokenMutation();
  const [revoke] = useRevokeApiTokenMutation();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create({ name: name.trim() });
    if ('error' in result) {
      toast({ title: T.failedTitle, description: apiErrorMessage(result.error) ?? T.failedText, variant: 'error' });
      return;
    }
    setName('');
    setCopied(false);
    setCreated(result.data.token);
    toast({ title: T.tokenCreatedTitle, description: T.tokenShownOnce, variant: 'success' });
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      setCopied(true);
    } catch {
      toast({ title: T.failedTitle, description: T.copyFailed, variant: 'error' });
    }
  };

  const remove = async (id: string) => {
    const result = await revoke(id);
    if ('error' in result)
      toast({ title: T.failedTitle, description: apiErrorMessage(result.error) ?? T.failedText, variant: 'error' });
    else toast({ title: result.data.message, variant: 'success' });
  };

  return (
    <Block id={settingsAnchors.tokens} tabIndex={-1} aria-labelledby="settings-tokens">
      <h3 id="settings-tokens">{T.tokensHeading}</h3>
      <Hint>{T.tokensText}</Hint>
      <Form onSubmit={submit} noValidate>
        <InputField
          label={T.tokenName}
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={60}
          required
        />
        <Actions>
          <Button type="submit" disabled={creating || !name.trim()}>
            {creating ? T.creatingToken : T.createToken}
          </Button>
        </Actions>
      </Form>
      {created ? (
        <Secret role="status">
          <p>{T.tokenShownOnce}</p>
          <code data-new-token>{created}</code>
          <Button $size="sm" onClick={copy}>
            {copied ? T.copied : T.copy}
          </Button>
        </Secret>
      ) : null}
      {isError ? <p role="alert">{T.tokensFailed}</p> : null}
      {data && data.tokens.length === 0 ? <Hint>{T.noTokens}</Hint> : null}
      {data && data.tokens.length > 0 ? (
        <TokenList>
          {data.tokens.map((token) => (
            <li key={token.id}>
              <span>
                <strong>{token.name}</strong>
                <Hint>{T.tokenMeta(token.prefix, formatDateTime(token.createdAt))}</Hint>
              </span>
              <Button
                $size="sm"
                $variant="danger"
                onClick={() => remove(token.id)}
                aria-label={T.revokeLabel(token.name)}
              >
                {T.revoke}
              </Button>
            </li>
          ))}
        </TokenList>
      ) : null}
    </Block>
  );
}

function LogoutEverywhere() {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const [logoutEverywhere, { isLoading }] = useLogoutEverywhereMutation();

  const run = async () => {
    const result = await logoutEverywhere();
    if ('error' in result) {
      toast({ title: T.failedTitle, description: apiErrorMessage(result.error) ?? T.failedText, variant: 'error' });
      return;
    }
    // This device's session ended with the others.
    writeLoggedOut(true);
    dispatch(sessionApi.util.upsertQueryData('session', undefined, null));
    toast({ title: T.loggedOutEverywhereTitle, description: T.loggedOutEverywhereText, variant: 'success' });
  };

  return (
    <Block aria-labelledby="settings-sessions">
      <h3 id="settings-sessions">{T.sessionsHeading}</h3>
      <Hint>{T.sessionsText}</Hint>
      <div>
        <Button $variant="danger" onClick={run} disabled={isLoading}>
          {T.logoutEverywhere}
        </Button>
      </div>
    </Block>
  );
}

function ExportData() {
  const toast = useToast();
  const [exportData, { isLoading }] = useExportMyDataMutation();
  const run = async () => {
    const result = await exportData();
    if ('error' in result) {
      toast({ title: T.failedTitle, description: apiErrorMessage(result.error) ?? T.failedText, variant: 'error' });
      return;
    }
    const url = URL.createObjectURL(new Blob([JSON.stringify(result.data, null, 2)], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'meydan-verilerim.json';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    toast({ title: T.exportedTitle, variant: 'success' });
  };
  return (
    <Block aria-labelledby="settings-export">
      <h3 id="settings-export">{T.exportHeading}</h3>
      <Hint>{T.exportText}</Hint>
      <div>
        <Button onClick={run} disabled={isLoading}>
          {isLoading ? T.exporting : T.exportButton}
        </Button>
      </div>
    </Block>
  );
}

function DeleteAccount() {
  const toast = useToast();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [schedule, { isLoading }] = useScheduleAccountDeletionMutation();
  const [password, setPassword] = useState('');
  const challenge = useChallengeStep();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!window.confirm(T.deleteConfirm)) return;
    const result = await schedule({ password, ...challenge.body });
    if ('error' in result) {
      challenge.failed(apiErrorCode(result.error));
      toast({ title: T.failedTitle, description: apiErrorMessage(result.error) ?? T.failedText, variant: 'error' });
      return;
    }
    // The server signed the member out everywhere, this device too.
    writeLoggedOut(true);
    dispatch(sessionApi.util.upsertQueryData('session', undefined, null));
    toast({ title: T.deletedTitle, description: result.data.message, variant: 'success' });
    navigate('/');
  };

  return (
    <Form onSubmit={submit} noValidate aria-labelledby="settings-delete">
      <h3 id="settings-delete">{T.deleteHeading}</h3>
      <Hint>{T.deleteText}</Hint>
      <InputField
        label={T.deletePassword}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <ChallengeStep state={challenge} label={T.challengeLabel} hint={T.challengeHint} />
      <Actions>
        <Button type="submit" $variant="danger" disabled={isLoading || !password || challenge.pending}>
          {isLoading ? T.deleting : T.deleteButton}
        </Button>
      </Actions>
    </Form>
  );
}

const Block = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  /* Linked to from other pages (#api-anahtarlari): land below the sticky header. */
  scroll-margin-top: 5rem;

  &:focus:not(:focus-visible) { outline: none; }
`;

const Divider = styled.hr`
  border: 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Secret = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 0.5rem;
  padding: 0.75rem;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};

  code { font-family: ${({ theme }) => theme.fonts.mono}; word-break: break-all; }
`;

const TokenList = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;

  li { display: flex; align-items: center; justify-content: space-between; gap: 0.75rem; }
  span { display: flex; flex-direction: column; }
`;
