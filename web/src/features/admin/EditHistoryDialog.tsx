import styled from 'styled-components';
import { trAdmin } from '../../i18n/tr-admin';
import { formatDateTime } from '../../lib/time';
import { Modal } from '../../ui/Modal';
import { useAdminPollEditsQuery } from './adminApi';
import { ListState } from './parts';

const T = trAdmin.admin.reports;

/** A reported poll's edit history: each change of its title or description with the text it replaced, oldest first. */
export function EditHistoryDialog({ pollId, onClose }: { pollId: string; onClose: () => void }) {
  const { data, isLoading, isError } = useAdminPollEditsQuery(pollId);
  return (
    <Modal
      name="poll-edit-history"
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={T.editHistoryTitle}
      description={T.editHistoryText}
      width="36rem"
    >
      {data && data.edits.length > 0 ? (
        <History>
          {data.edits.map((edit) => (
            <li key={edit.editedAt} data-edit={edit.editedAt}>
              <time dateTime={edit.editedAt}>{T.editedAtLine(formatDateTime(edit.editedAt))}</time>
              <Texts>
                <dt>{T.before}</dt>
                <dd data-before>
                  <strong>{edit.previousTitle}</strong>
                  <span>{edit.previousDescription ?? T.noDescription}</span>
                </dd>
                <dt>{T.after}</dt>
                <dd data-after>
                  <strong>{edit.title}</strong>
                  <span>{edit.description ?? T.noDescription}</span>
                </dd>
              </Texts>
            </li>
          ))}
        </History>
      ) : (
        <ListState loading={isLoading} failed={isError} empty={T.editHistoryEmpty} />
      )}
    </Modal>
  );
}

const History = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 0.9rem;
  max-height: 60vh;
  overflow-y: auto;

  li { display: flex; flex-direction: column; gap: 0.4rem; }
  time { font-size: 0.8rem; font-weight: 600; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Texts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.3rem 0.75rem;
  margin: 0;

  dt { font-size: 0.8rem; font-weight: 700; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; display: flex; flex-direction: column; gap: 0.15rem; overflow-wrap: anywhere; }
  dd span { font-size: 0.9rem; color: ${({ theme }) => theme.colors.textMuted}; white-space: pre-line; }
`;
