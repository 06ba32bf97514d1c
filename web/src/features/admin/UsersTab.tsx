import { useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trAdmin } from '../../i18n/tr-admin';
import { Button } from '../../ui/buttons';
import { nameOf } from '../../lib/avatar';
import { formatDate } from '../../lib/time';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TextAreaField } from '../../ui/fields';
import { useToast } from '../toasts/useToast';
import { isStaffRole, userRoles, type UserRole } from '@meydan/proto';
import { StaffInvite } from './StaffInvite';
import { useAdminUsersQuery, useSetUserActiveMutation, useSetUserRoleMutation, type AdminUserRow } from './adminApi';
import {
  Badge,
  Line,
  ListState,
  Meta,
  Pager,
  Person,
  RowActions,
  Row,
  RowMain,
  Rows,
  SearchBox,
  Toolbar,
  useDebounced,
} from './parts';

const T = trAdmin.admin.users;

/** Members: search by username, e-mail or display name; ban or activate anyone who is not an administrator. */
export function UsersTab({ manageRoles = false }: { manageRoles?: boolean }) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(query);
  const { data, isLoading, isFetching, isError } = useAdminUsersQuery({ q, page });

  return (
    <div>
      {manageRoles ? <StaffInvite /> : null}
      <Toolbar>
        <SearchBox
          label={T.search}
          value={query}
          onChange={(value) => {
            setQuery(value);
            setPage(1);
          }}
        />
      </Toolbar>
      {data && data.items.length > 0 ? (
        <>
          <Rows aria-busy={isFetching || undefined}>
            {data.items.map((user) => (
              <UserRow key={user.id} user={user} manageRoles={manageRoles} />
            ))}
          </Rows>
          <Pager page={data.page} pageSize={data.pageSize} totalCount={data.totalCount} onPage={setPage} />
        </>
      ) : (
        <ListState loading={isLoading} failed={isError} empty={T.empty} />
      )}
    </div>
  );
}

/** A member's row: ban or activate (never a staff account), and for administrators the account's role. */
function UserRow({ user, manageRoles }: { user: AdminUserRow; manageRoles: boolean }) {
  const [setActive, { isLoading }] = useSetUserActiveMutation();
  const [setRole, roleChange] = useSetUserRoleMutation();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const toast = useToast();
  const name = nameOf(user);
  const isAdmin = user.role === 'admin';
  const isStaff = isStaffRole(user.role);
  async function changeRole(role: UserRole) {
    try {
      await setRole({ userId: user.id, role }).unwrap();
      toast({ title: trAdmin.admin.success, description: T.roleChanged, variant: 'success' });
    } catch (err) {
      toast({
        title: trAdmin.admin.error,
        description: apiErrorMessage(err) ?? trAdmin.admin.failed,
        variant: 'error',
      });
    }
  }

  async function change(active: boolean) {
    try {
      const why = active ? '' : reason.trim();
      await setActive({ userId: user.id, active, ...(why ? { reason: why } : {}) }).unwrap();
      toast({ title: trAdmin.admin.success, description: T.updated, variant: 'success' });
      setAsking(false);
      setReason('');
    } catch (err) {
      toast({
        title: trAdmin.admin.error,
        description: apiErrorMessage(err) ?? trAdmin.admin.failed,
        variant: 'error',
      });
    }
  }

  return (
    <Row data-user={user.username}>
      <Person>
        <Avatar name={name} decorative />
        <RowMain>
          <Line>
            <strong>{name}</strong>
            <Meta>@{user.username}</Meta>
            {isAdmin ? <Badge tone="strong">{T.adminBadge}</Badge> : null}
            {user.role === 'moderator' ? <Badge tone="strong">{T.moderatorBadge}</Badge> : null}
            {user.isActive ? null : <Badge tone="danger">{T.bannedBadge}</Badge>}
            {user.emailVerified ? <Badge>{T.verifiedBadge}</Badge> : null}
          </Line>
          <Meta>{user.email}</Meta>
          <Meta>{T.joined(formatDate(user.createdAt))}</Meta>
        </RowMain>
      </Person>
      {manageRoles ? (
        <RoleSelect
          aria-label={T.roleLabel(name)}
          value={user.role}
          disabled={roleChange.isLoading}
          onChange={(e) => void changeRole(e.target.value as UserRole)}
        >
          {userRoles.map((role) => (
            <option key={role} value={role}>
              {T.roleOptions[role]}
            </option>
          ))}
        </RoleSelect>
      ) : null}
      {isStaff ? null : (
        <RowActions>
          {user.isActive ? (
            <Button
              $size="sm"
              $variant="danger"
              disabled={isLoading}
              aria-label={T.banLabel(name)}
              onClick={() => setAsking(true)}
            >
              {T.ban}
            </Button>
          ) : (
            <Button
              $size="sm"
              $variant="primary"
              disabled={isLoading}
              aria-label={T.activateLabel(name)}
              onClick={() => change(true)}
            >
              {T.activate}
            </Button>
          )}
        </RowActions>
      )}
      <ConfirmDialog
        name="admin-ban-user"
        open={asking}
        onOpenChange={setAsking}
        title={T.banTitle}
        description={T.banText(name)}
        confirmLabel={T.ban}
        pending={isLoading}
        onConfirm={() => change(false)}
      >
        <ReasonField>
          <TextAreaField label={T.banReason} value={reason} rows={3} onChange={(e) => setReason(e.target.value)} />
        </ReasonField>
      </ConfirmDialog>
    </Row>
  );
}

const ReasonField = styled.div`
  margin-bottom: 1rem;
`;

const RoleSelect = styled.select`
  min-height: 2.5rem;
  font: inherit;
  align-self: center;
`;
