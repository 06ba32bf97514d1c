import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import styled from 'styled-components';
import { trConnection as T } from '../../i18n/tr-connection';
import { selectConnectionStatus } from '../../store/realtime/realtimeSlice';
import { useAppSelector } from '../../store/store';

/** How long "the connection is back" stays on screen. */
export const BACK_NOTICE_MS = 4000;

const subscribeOnline = (changed: () => void) => {
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  return () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
  };
};
const isOnline = () => navigator.onLine;
const onlineOnServer = () => true;

/**
 * The spec's warning that the page is not connected, for visitors and members: shown while the browser is offline,
 * or while a live socket that was connected is lost; then "back" for a moment. A polite live region that is always
 * there (empty when all is well), so screen readers hear each change once.
 */
export function ConnectionNotice() {
  const online = useSyncExternalStore(subscribeOnline, isOnline, onlineOnServer);
  const status = useAppSelector(selectConnectionStatus);
  const everConnected = useRef(false);
  if (status === 'connected') everConnected.current = true;
  const socketLost = everConnected.current && status === 'disconnected';
  const down = !online || socketLost;

  const [back, setBack] = useState(false);
  const wasDown = useRef(false);
  useEffect(() => {
    if (down) {
      wasDown.current = true;
      setBack(false);
      return;
    }
    if (!wasDown.current) return;
    wasDown.current = false;
    setBack(true);
    const timer = setTimeout(() => setBack(false), BACK_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [down]);

  const text = !online ? T.offline : socketLost ? T.socketLost : back ? T.back : '';
  return (
    <Region role="status" aria-live="polite" aria-atomic="true" data-connection-region>
      {text ? (
        <Notice data-connection-notice={down ? 'offline' : 'back'} $down={down}>
          {text}
        </Notice>
      ) : null}
    </Region>
  );
}

const Region = styled.div`
  position: fixed;
  left: 50%;
  bottom: 1rem;
  z-index: 40;
  transform: translateX(-50%);
  width: max-content;
  max-width: calc(100vw - 2rem);
`;

const Notice = styled.p<{ $down: boolean }>`
  margin: 0;
  padding: 0.625rem 1rem;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme, $down }) => ($down ? theme.colors.warning : theme.colors.success)};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  font-size: 0.9375rem;
  font-weight: 600;
  text-align: center;
`;
