import { apiErrorMessage } from '../../store/api';
import { trProfile } from '../../i18n/tr-profile';
import { Button } from '../../ui/buttons';
import { useCurrentUser } from '../session/sessionApi';
import { useToast } from '../toasts/useToast';
import { useIsFollowingQuery, useToggleFollowMutation } from './followApi';

export interface FollowButtonProps {
  userId: string;
  name: string;
  /** The state a list row already knows; without it the button asks for it. */
  following?: boolean | undefined;
  size?: 'sm' | 'md';
}

/** Follow / unfollow another member. Hidden for visitors and on oneself; disabled while loading or pending. */
export function FollowButton({ userId, name, following: known, size = 'md' }: FollowButtonProps) {
  const { user } = useCurrentUser();
  const toast = useToast();
  const hidden = !user || user.id === userId;
  const state = useIsFollowingQuery(userId, { skip: hidden || known !== undefined });
  const [toggle, { isLoading }] = useToggleFollowMutation();
  if (hidden) return null;

  const following = known ?? state.data?.following ?? false;
  const requested = known === undefined && Boolean(state.data?.requested);
  const label = following
    ? trProfile.follow.unfollow
    : requested
      ? trProfile.follow.requested
      : trProfile.follow.follow;
  const ariaLabel = following
    ? trProfile.follow.unfollowLabel(name)
    : requested
      ? trProfile.follow.cancelRequestLabel(name)
      : trProfile.follow.followLabel(name);

  const onClick = async () => {
    try {
      const result = await toggle({ userId, viewerId: user.id }).unwrap();
      const title = result.following
        ? trProfile.follow.followedTitle
        : result.requested
          ? trProfile.follow.requestedTitle
          : trProfile.follow.unfollowedTitle;
      toast({ title, description: result.message ?? trProfile.follow.done, variant: 'success' });
    } catch (err) {
      toast({
        title: trProfile.follow.errorTitle,
        description: apiErrorMessage(err) ?? trProfile.follow.failed,
        variant: 'error',
      });
    }
  };

  return (
    <Button
      $size={size}
      $variant={following || requested ? 'ghost' : 'primary'}
      disabled={isLoading || (known === undefined && state.isLoading)}
      aria-label={ariaLabel}
      aria-pressed={following}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}
