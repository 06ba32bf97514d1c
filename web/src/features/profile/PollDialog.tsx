import { trProfile } from '../../i18n/tr-profile';
import { Modal } from '../../ui/Modal';
import { PollCard } from '../polls/PollCard';
import { usePollQuery } from '../polls/pollsApi';

/** A poll opened from a notification link (`/profil?anket=…`). */
export function PollDialog({ pollId, onClose }: { pollId: string; onClose: () => void }) {
  const { data: poll, isError } = usePollQuery(pollId);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={trProfile.profile.pollDialogTitle}
      width="40rem"
      name="poll"
    >
      {poll ? (
        <PollCard poll={poll} />
      ) : isError ? (
        <p role="alert">{trProfile.profile.pollMissing}</p>
      ) : (
        <p role="status">{trProfile.profile.loading}</p>
      )}
    </Modal>
  );
}
