import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../store/store';
import { FeedPage } from './FeedPage';
import { dialogOpened } from '../../store/uiSlice';
import { useCurrentUser } from '../session/sessionApi';

/** /login: the feed with the login dialog open (a member is simply taken to the feed). */
export function LoginRoute() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { user } = useCurrentUser();

  useEffect(() => {
    if (user === undefined) return;
    if (user === null) dispatch(dialogOpened({ kind: 'login' }));
    navigate('/', { replace: true });
  }, [user, dispatch, navigate]);

  return <FeedPage />;
}
