import type { HiddenMember } from '@meydan/proto';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trHide } from '../../i18n/tr-hide';
import { nameOf } from '../../lib/avatar';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/buttons';
import { useToast } from '../toasts/useToast';
import { useHiddenMembersQuery, useSetHiddenMutation, type HideKind } from '../hide/hideApi';
import { Card } from './Card';

const T = trHide.settings;

/** The settings section with the members one blocked and muted, each with its "Engeli kaldır" / "Sessizden çıkar". */
export function HiddenMembersSection() {
  return (
    <Card as="section" aria-labelledby="settings-hidden" id="engellenenler" data-section="hidden-members">
      <h2 id="settings-hidden">{T.title}</h2>
      <p>{T.intro}</p>
      <HiddenList
        kind="block"
        heading={T.blocksHeading}
        empty={T.noBlocks}
        undo={trHide.unblock}
        undoLabel={trHide.unblockLabel}
      />
      <HiddenList
        kind="mute"
        heading={T.mutesHeading}
        empty={T.noMutes}
        undo={trHide.unmute}
        undoLabel={trHide.unmuteLabel}
      />
    </Card>
  );
}

interface HiddenListProps {
  kind: HideKind;
  heading: string;
  empty: string;
  undo: string;
  undoLabel: (name: string) => string;
}

function HiddenList({ kind, heading, empty, undo, undoLabel }: HiddenListProps) {
  const list = kind === 'block' ? 'blocks' : 'mutes';
  const { data, isLoading, isError } = useHiddenMembersQuery(list);
  const [setHidden, { isLoading: pending }] = useSetHiddenMutation();
  const toast = useToast();

  const takeBack = async (row: HiddenMember) => {
    try {
      const result = await setHidden({ kind, userId: row.user.id, on: false }).unwrap();
      toast({ title: trHide.doneTitle, description: result.message, variant: 'success' });
    } catch (err) {
      toast({ title: trHide.failedTitle, description: apiErrorMessage(err) ?? trHide.failed, variant: 'error' });
    }
  };

  return (
    <div data-hidden-list={list}>
      <h3>{heading}</h3>
      {isLoading ? (
        <p role="status">{T.loading}</p>
      ) : isError || !data ? (
        <p>{T.loadFailed}</p>
      ) : data.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <Rows>
          {data.map((row) => {
            const name = nameOf(row.user);
            return (
              <li key={row.user.id}>
                <Avatar name={name} src={row.user.avatarUrl} size="sm" />
                <Who>
                  <strong>{name}</strong>
                  {row.user.username ? <small>@{row.user.username}</small> : null}
                </Who>
                <Button $size="sm" disabled={pending} aria-label={undoLabel(name)} onClick={() => void takeBack(row)}>
                  {undo}
                </Button>
              </li>
            );
          })}
        </Rows>
      )}
    </div>
  );
}

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;

  li { display: flex; align-items: center; gap: 0.75rem; }
  small { color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Who = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  min-width: 0;
`;
