import type { ReactNode } from 'react';
import { tr } from '../i18n/tr';
import { Button } from './buttons';
import { Modal } from './Modal';
import { Actions } from './fields';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The confirm button's text (default 'Onayla'). */
  confirmLabel?: string;
  onConfirm: () => void;
  /** While the confirmed action runs: the confirm button is disabled. */
  pending?: boolean;
  /** A destructive action gets the danger button. */
  destructive?: boolean;
  /** Hook for end-to-end tests and screenshots (data-dialog). */
  name?: string;
  /** Anything to ask along with the confirmation (e.g. an optional reason field). */
  children?: ReactNode;
}

/**
 * "Are you sure?" before an action that cannot be undone. Focus starts on the dialog's close button, never on the
 * confirm button, so a stray Enter does not confirm.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = tr.common.confirm,
  onConfirm,
  pending = false,
  destructive = true,
  name = 'confirm',
  children,
}: ConfirmDialogProps) {
  return (
    <Modal name={name} open={open} onOpenChange={onOpenChange} title={title} description={description} width="26rem">
      {children}
      <Actions>
        <Button onClick={() => onOpenChange(false)}>{tr.common.cancel}</Button>
        <Button $variant={destructive ? 'danger' : 'primary'} disabled={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Actions>
    </Modal>
  );
}
