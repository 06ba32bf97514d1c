import { useEffect, useRef } from 'react';
import { useRealtime } from '../../store/store';
import { useCurrentUser } from './sessionApi';

/**
 * Keeps the realtime connection in step with the session: a member's socket opens once the session is known; after
 * sign-in, sign-out or a change of account the socket shakes hands again so the server sees the new identity.
 */
export function SessionEffects() {
  const { user } = useCurrentUser();
  const realtime = useRealtime();
  const previous = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (user === undefined) return;
    const id = user?.id ?? null;
    if (previous.current === undefined) realtime.setUser(id);
    else if (previous.current !== id) realtime.renew(id);
    previous.current = id;
  }, [user, realtime]);

  return null;
}
