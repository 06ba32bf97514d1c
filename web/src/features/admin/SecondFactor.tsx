import QRCode from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { api, apiErrorMessage } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { trAdmin } from '../../i18n/tr-admin';
import { Button, LinkButton } from '../../ui/buttons';
import { InputField } from '../../ui/fields';
import { Page } from '../../ui/Page';
import { Muted } from './parts';

/** The staff's second factor (auth's /api/auth/totp/*): each accepted code gives this browser a new, verified session. */
const secondFactorApi = api.injectEndpoints({
  endpoints: (build) => ({
    totpEnrol: build.mutation<{ secret: string; otpauthUrl: string }, void>({
      query: () => ({ url: '/auth/totp/enrol', method: 'POST', body: {} }),
    }),
    totpConfirm: build.mutation<{ message: string; recoveryCodes: string[] }, { code: string }>({
      query: (body) => ({ url: '/auth/totp/confirm', method: 'POST', body }),
    }),
    totpVerify: build.mutation<{ message: string }, { code: string } | { recoveryCode: string }>({
      query: (body) => ({ url: '/auth/totp/verify', method: 'POST', body }),
      invalidatesTags: ['Session', 'Admin'],
    }),
  }),
});
const { useTotpEnrolMutation, useTotpConfirmMutation, useTotpVerifyMutation } = secondFactorApi;
const T = trAdmin.admin.secondFactor;

/**
 * What a staff member sees before the panel while their session has no verified second factor: the enrolment (QR
 * code, then the app's first code, then the recovery codes once) or the code (or a recovery code).
 */
export function SecondFactor({ mfa }: { mfa: 'enrol' | 'required' }) {
  return <Centered>{mfa === 'enrol' ? <Enrolment /> : <Verification />}</Centered>;
}

function Enrolment() {
  const [enrol, enrolment] = useTotpEnrolMutation();
  const [confirm, confirmation] = useTotpConfirmMutation();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const started = enrolment.data;
  useEffect(() => {
    if (started)
      void QRCode.toDataURL(started.otpauthUrl, { width: 240, margin: 2, errorCorrectionLevel: 'M' }).then(setQr);
  }, [started]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void confirm({ code: code.trim() });
  };
  const dispatch = useAppDispatch();
  // Only now: the session read again says `verified`, and the panel takes the place of the recovery codes.
  const finish = () => dispatch(api.util.invalidateTags(['Session', 'Admin']));

  if (confirmation.data) {
    return (
      <Page title={T.recoveryTitle}>
        <Muted as="p">{T.recoveryText}</Muted>
        <Codes data-recovery-codes>
          {confirmation.data.recoveryCodes.map((c) => (
            <li key={c}>
              <code>{c}</code>
            </li>
          ))}
        </Codes>
        <div>
          <Button type="button" $variant="primary" onClick={finish}>
            {T.continue}
          </Button>
        </div>
      </Page>
    );
  }
  return (
    <Page title={T.enrolTitle}>
      <Muted as="p">{T.enrolText}</Muted>
      {!started ? (
        <div>
          <Button type="button" $variant="primary" onClick={() => void enrol()} disabled={enrolment.isLoading}>
            {T.start}
          </Button>
          {enrolment.error ? <p role="alert">{apiErrorMessage(enrolment.error)}</p> : null}
        </div>
      ) : (
        <Form onSubmit={submit} data-totp-enrolment>
          {qr ? <img src={qr} alt={T.qrAlt} width={240} height={240} /> : null}
          <p>
            {T.secretLabel}: <code data-totp-secret>{started.secret}</code>
          </p>
          <InputField
            label={T.codeLabel}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={apiErrorMessage(confirmation.error)}
          />
          <div>
            <Button type="submit" $variant="primary" disabled={confirmation.isLoading}>
              {T.confirm}
            </Button>
          </div>
        </Form>
      )}
    </Page>
  );
}

function Verification() {
  const [verify, verification] = useTotpVerifyMutation();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify(recovery ? { recoveryCode: value.trim() } : { code: value.trim() });
  };
  return (
    <Page title={T.verifyTitle}>
      <Muted as="p">{T.verifyText}</Muted>
      <Form onSubmit={submit} data-totp-verification>
        <InputField
          key={recovery ? 'recovery' : 'code'}
          label={recovery ? T.recoveryLabel : T.codeLabel}
          name={recovery ? 'recoveryCode' : 'code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={recovery ? 11 : 6}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={apiErrorMessage(verification.error)}
        />
        <Row>
          <Button type="submit" $variant="primary" disabled={verification.isLoading}>
            {T.verify}
          </Button>
          <LinkButton
            onClick={() => {
              setRecovery(!recovery);
              setValue('');
            }}
          >
            {recovery ? T.useCode : T.useRecovery}
          </LinkButton>
        </Row>
      </Form>
    </Page>
  );
}

const Centered = styled.div`
  max-width: 36rem;
  margin: 2rem auto;
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;

  img { align-self: flex-start; border-radius: 0.5rem; background: #fff; }
  code { overflow-wrap: anywhere; }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 1rem;
`;

const Codes = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9rem, 1fr));
  gap: 0.5rem;
  padding: 0;
  list-style: none;

  code { font-size: 1rem; }
`;
