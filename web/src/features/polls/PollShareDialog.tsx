import type { Poll } from '@meydan/proto';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { trReach } from '../../i18n/tr-reach';
import { Button, ButtonLink } from '../../ui/buttons';
import { CopyIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { Input } from '../../ui/fields';
import { useSharePollMutation } from './pollDialogsApi';
import { copyText, pollShareUrl, shareOrCopy } from './share';
import { useToast } from '../toasts/useToast';
import { ShareTools } from './ShareTools';

const t = trReach.share;

/** A poll card's share button: the poll's address to copy or hand to the device, its QR code and its embed snippet. */
export function PollShareDialog({
  poll,
  onClose,
}: {
  poll: Pick<Poll, 'id' | 'title' | 'type' | 'shortUrl'>;
  onClose: () => void;
}) {
  const toast = useToast();
  const [countShare] = useSharePollMutation();
  const url = pollShareUrl(poll);
  const canShare = typeof globalThis.navigator?.share === 'function';

  async function copy() {
    if (await copyText(url)) {
      toast({ title: t.copied, variant: 'success' });
      void countShare(poll.id);
    } else toast({ title: t.copyFailed, variant: 'error' });
  }

  async function share() {
    const outcome = await shareOrCopy(url, poll.title, tr.poll.shareText);
    if (outcome === 'shared' || outcome === 'copied') void countShare(poll.id);
  }

  return (
    <Modal
      name="share"
      open
      onOpenChange={(open) => !open && onClose()}
      title={t.title}
      description={t.description}
      width="34rem"
    >
      <Row>
        <Input readOnly value={url} aria-label={t.linkLabel} onFocus={(e) => e.currentTarget.select()} data-share-url />
        <Button onClick={() => void copy()}>
          <CopyIcon />
          {t.copy}
        </Button>
      </Row>
      <Row>
        {canShare ? <Button onClick={() => void share()}>{t.nativeShare}</Button> : null}
        <ButtonLink to={`/sunum/${encodeURIComponent(poll.id)}`} data-presenter-link>
          {t.presenter}
        </ButtonLink>
      </Row>
      <ShareTools url={url} embeddable={poll.type === 'public'} fileName={`meydan-anket-${poll.id}`} />
    </Modal>
  );
}

const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  margin-bottom: 0.5rem;
`;
