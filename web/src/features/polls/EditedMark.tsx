import type { Poll } from '@meydan/proto';
import styled from 'styled-components';
import { tr } from '../../i18n/tr';
import { trCreator } from '../../i18n/tr-creator';
import { useLocalDateTime } from '../../ui/localTime';

/**
 * 'düzenlendi' beside a poll's time on its share page and in the profile's list when its creator changed its text
 * (when, on hover). The feed cards say it in their head (cardParts.tsx), without this module.
 */
export function EditedMark({ poll }: { poll: Pick<Poll, 'editedAt'> }) {
  const editedAt = useLocalDateTime(poll.editedAt);
  if (!poll.editedAt) return null;
  return (
    <Edited data-edited={poll.editedAt} title={editedAt ? trCreator.editedAt(editedAt) : undefined}>
      {tr.poll.edited}
    </Edited>
  );
}

const Edited = styled.span`
  font-size: 0.8rem;
  font-style: italic;
  color: ${({ theme }) => theme.colors.textMuted};
`;
