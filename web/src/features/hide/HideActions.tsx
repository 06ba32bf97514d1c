import { useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trHide as T } from '../../i18n/tr-hide';
import { Button } from '../../ui/buttons';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useCurrentUser } from '../session/sessionApi';
import { useToast } from '../toasts/useToast';
import { listOf, useHiddenMembersQuery, useSetHiddenMutation, type HideKind } from './hideApi';

/**
 * Block and mute on another member's profile: each asks first in a confirm dialog; taking one back does not. Hidden
 * for visitors and on oneself.
 */
export function HideActions({ userId, name }: { userId: string; name: string }) {
  const { user } = useCurrentUser();
  const toast = useToast();
  const skip = !user || user.id === userId;
  const blocks = useHiddenMembersQuery('blocks', { skip });
  const mutes = useHiddenMembersQuery('mutes', { skip });
  const [setHidden, { isLoading }] = useSetHiddenMutation();
  const [asking, setAsking] = useState<HideKind | null>(null);
  if (skip) return null;

  const has = (kind: HideKind) =>
    ((kind === 'block' ? blocks : mutes).data ?? []).some((row) => row.user.id === userId);
  const run = async (kind: HideKind, on: boolean) => {
    try {
      const result = await setHidden({ kind, userId, on }).unwrap();
      toast({ title: T.doneTitle, description: result.message, variant: 'success' });
    } catch (err) {
      toast({ title: T.failedTitle, description: apiErrorMessage(err) ?? T.failed, variant: 'error' });
    } finally {
      setAsking(null);
    }
  };
  const blocked = has('block');
  const muted = has('mute');
  const loading = blocks.isLoading || mutes.isLoading || isLoading;

  return (
    <Row data-hide-actions>
      <Button
        $size="sm"
        $variant="ghost"
        disabled={loading}
        aria-label={muted ? T.unmuteLabel(name) : T.muteLabel(name)}
        onClick={() => (muted ? void run('mute', false) : setAsking('mute'))}
      >
        {muted ? T.unmute : T.mute}
      </Button>
      <Button
        $size="sm"
        $variant={blocked ? 'ghost' : 'danger'}
        disabled={loading}
        aria-label={blocked ? T.unblockLabel(name) : T.blockLabel(name)}
        onClick={() => (blocked ? void run('block', false) : setAsking('block'))}
      >
        {blocked ? T.unblock : T.block}
      </Button>
      <ConfirmDialog
        name={`${listOf[asking ?? 'block']}-confirm`}
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking === 'mute' ? T.muteTitle(name) : T.blockTitle(name)}
        description={asking === 'mute' ? T.muteText : T.blockText}
        confirmLabel={asking === 'mute' ? T.muteConfirm : T.blockConfirm}
        pending={isLoading}
        onConfirm={() => asking && void run(asking, true)}
      />
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  justify-content: flex-end;
`;
