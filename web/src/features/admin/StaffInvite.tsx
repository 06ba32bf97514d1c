import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trAdmin } from '../../i18n/tr-admin';
import { Button } from '../../ui/buttons';
import { InputField } from '../../ui/fields';
import { useToast } from '../toasts/useToast';
import { useInviteStaffMutation } from './adminApi';

const T = trAdmin.admin.users.invite;

/** Administrators only: invite a moderator or an administrator by e-mail (they set their own password from the link). */
export function StaffInvite() {
  const [invite, { isLoading, error, reset }] = useInviteStaffMutation();
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<'moderator' | 'admin'>('moderator');
  const toast = useToast();
  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      await invite({ email: email.trim(), displayName: displayName.trim(), role }).unwrap();
      toast({ title: trAdmin.admin.success, description: T.sent, variant: 'success' });
      setEmail('');
      setDisplayName('');
      reset();
    } catch {
      // The message is shown under the form.
    }
  }
  return (
    <Form onSubmit={submit} aria-labelledby="staff-invite-title" data-staff-invite>
      <h2 id="staff-invite-title">{T.title}</h2>
      <Fields>
        <InputField
          label={T.email}
          type="email"
          name="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <InputField
          label={T.displayName}
          name="displayName"
          required
          maxLength={50}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
        <label>
          {T.role}
          <select value={role} onChange={(e) => setRole(e.target.value as 'moderator' | 'admin')}>
            <option value="moderator">{trAdmin.admin.users.roleOptions.moderator}</option>
            <option value="admin">{trAdmin.admin.users.roleOptions.admin}</option>
          </select>
        </label>
      </Fields>
      {error ? <p role="alert">{apiErrorMessage(error) ?? trAdmin.admin.failed}</p> : null}
      <div>
        <Button type="submit" $variant="primary" $size="sm" disabled={isLoading}>
          {T.submit}
        </Button>
      </div>
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  margin-bottom: 1.25rem;
  padding: 1rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};

  h2 { margin: 0; font-size: 1.05rem; font-weight: 800; }
  p[role='alert'] { margin: 0; color: ${({ theme }) => theme.colors.danger}; }
`;

const Fields = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: 0.75rem;
  align-items: end;

  label { display: flex; flex-direction: column; gap: 0.25rem; font-weight: 600; font-size: 0.9rem; }
  select { min-height: 2.75rem; font: inherit; }
`;
