import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../store/store';
import { tr } from '../../i18n/tr';
import { trPolls } from '../../i18n/tr-polls';
import { Button } from '../../ui/buttons';
import { CopyIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { Actions, Input } from '../../ui/fields';
import { copyText } from '../polls/share';
import { useToast } from '../toasts/useToast';
import { dialogClosed, selectDialog } from '../../store/uiSlice';

// The QR code and the embed snippet come with their own chunk (the QR encoder).
const ShareTools = lazy(async () => ({ default: (await import('../polls/ShareTools')).ShareTools }));

/** After a shareable poll is created: its link with a copy button; 'Tamam' closes. */
export function ShareLinkDialog() {
  const dialog = useAppSelector(selectDialog);
  const dispatch = useAppDispatch();
  const toast = useToast();
  const url = dialog?.kind === 'shareLink' ? dialog.url : '';

  async function copy() {
    if (await copyText(url)) toast({ title: tr.poll.linkCopied, variant: 'success' });
    else toast({ title: tr.poll.copyFailed, variant: 'error' });
  }

  return (
    <Modal
      name="share-link"
      open={dialog?.kind === 'shareLink'}
      onOpenChange={(open) => !open && dispatch(dialogClosed())}
      title={trPolls.shareLink.title}
      description={trPolls.shareLink.description}
    >
      <Row>
        <Input
          readOnly
          value={url}
          aria-label={trPolls.shareLink.linkLabel}
          onFocus={(e) => e.currentTarget.select()}
          data-share-url
        />
        <Button onClick={copy}>
          <CopyIcon />
          {trPolls.shareLink.copy}
        </Button>
      </Row>
      <Suspense fallback={null}>{url ? <ShareTools url={url} embeddable fileName="meydan-anket" /> : null}</Suspense>
      <Actions>
        <Button $variant="primary" onClick={() => dispatch(dialogClosed())}>
          {trPolls.shareLink.done}
        </Button>
      </Actions>
    </Modal>
  );
}

const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  margin-bottom: 1rem;
`;
