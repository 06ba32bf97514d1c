import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trProfile } from '../../i18n/tr-profile';
import { nameOf } from '../../lib/avatar';
import { Button } from '../../ui/buttons';
import { Avatar } from '../../ui/Avatar';
import { useToast } from '../toasts/useToast';
import { useAnswerFollowRequestMutation, useFollowRequestsQuery } from './profileApi';

/** Pending follow requests to the member (follow requests on): accept or decline each. Nothing when there are none. */
export function FollowRequests({ userId }: { userId: string }) {
  const { data: requests } = useFollowRequestsQuery();
  const [answer, { isLoading }] = useAnswerFollowRequestMutation();
  const toast = useToast();
  if (!requests || requests.length === 0) return null;

  const respond = async (id: string, verb: 'accept' | 'decline') => {
    try {
      const { message } = await answer({ id, answer: verb, userId }).unwrap();
      toast({ title: message, variant: 'success' });
    } catch (err) {
      toast({
        title: trProfile.follow.errorTitle,
        description: apiErrorMessage(err) ?? trProfile.profile.requestFailed,
        variant: 'error',
      });
    }
  };

  return (
    <Box aria-labelledby="follow-requests-title" data-follow-requests>
      <h3 id="follow-requests-title">{trProfile.profile.requestsTitle}</h3>
      <ul>
        {requests.map((request) => (
          <li key={request.id}>
            <Avatar name={nameOf(request.user)} src={request.user.avatarUrl} decorative />
            <span>
              <strong>{nameOf(request.user)}</strong> @{request.user.username}
            </span>
            <Button $size="sm" disabled={isLoading} onClick={() => void respond(request.id, 'accept')}>
              {trProfile.profile.accept}
            </Button>
            <Button
              $size="sm"
              $variant="ghost"
              disabled={isLoading}
              onClick={() => void respond(request.id, 'decline')}
            >
              {trProfile.profile.decline}
            </Button>
          </li>
        ))}
      </ul>
    </Box>
  );
}

const Box = styled.section`
  margin-bottom: 1rem;
  padding: 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.primary};

  h3 { font-size: 1rem; font-weight: 700; margin-bottom: 0.5rem; }
  ul { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 0.5rem; }
  li { display: flex; align-items: center; gap: 0.5rem; flex-wrap: wrap; }
  li > span { flex: 1; min-width: 8rem; }
`;
