import styled from 'styled-components';
import { tr } from '../i18n/tr';
import { Button } from '../layout/buttons';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}

/** Asks before something that cannot be undone (deleting a poll); Vazgeç or Escape closes it without acting. */
export function ConfirmDialog({ open, title, description, confirmLabel, onConfirm, onOpenChange }: ConfirmDialogProps) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={title} description={description} width="26rem" name="confirm">
      <Row>
        <Button $variant="ghost" onClick={() => onOpenChange(false)}>
          {tr.confirm.cancel}
        </Button>
        <Button
          $variant="danger"
          onClick={() => {
            onConfirm();
            onOpenChange(false);
          }}
        >
          {confirmLabel}
        </Button>
      </Row>
    </Modal>
  );
}

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
`;
