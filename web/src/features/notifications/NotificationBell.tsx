import * as Popover from '@radix-ui/react-popover';
import { VisuallyHidden } from '@radix-ui/react-visually-hidden';
import { limits, type NotificationItem } from '@meydan/proto';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';
import { useAppSelector } from '../../store/store';
import { tr } from '../../i18n/tr';
import { Button, IconButton } from '../../ui/buttons';
import { BellIcon } from '../../ui/icons';
import { relativeTime } from '../../lib/time';
import { Spinner } from '../../ui/Spinner';
import { selectConnectionStatus } from '../../store/realtime/realtimeSlice';
import { askNotificationPermissionOnce } from './browserNotifications';
import {
  unreadBadge,
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationsQuery,
  useUnreadCountQuery,
} from './notificationsApi';

/** The bell (members): unread badge ('99+'), a yellow pulsing dot while the live connection is down, the popover. */
export function NotificationBell() {
  const status = useAppSelector(selectConnectionStatus);
  const { data: count } = useUnreadCountQuery();
  const list = useNotificationsQuery();
  const [open, setOpen] = useState(false);
  const badge = unreadBadge(count?.count ?? 0, limits.notifications.unreadBadgeCap);
  const connected = status === 'connected';
  const announcement = useNewNotificationAnnouncement(list.data);

  useEffect(() => {
    void askNotificationPermissionOnce();
  }, []);

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <IconButton
            aria-label={badge ? tr.notifications.bellUnread(badge) : tr.notifications.bell}
            title={tr.notifications.bell}
            data-bell
            data-connection={status}
          >
            <BellIcon />
            {badge ? <Badge data-unread>{badge}</Badge> : null}
            {!connected ? <Down title={tr.notifications.disconnectedHint} data-offline-dot aria-hidden="true" /> : null}
          </IconButton>
        </Popover.Trigger>
        <Popover.Portal>
          <Panel align="end" sideOffset={8} collisionPadding={8} aria-label={tr.notifications.title} data-notifications>
            <PanelHead>
              <h2>{tr.notifications.title}</h2>
              <Connection $connected={connected} data-connection-badge>
                {connected ? tr.notifications.connected : tr.notifications.disconnected}
              </Connection>
            </PanelHead>
            <NotificationList
              items={list.data}
              loading={list.isLoading}
              failed={list.isError}
              onNavigate={() => setOpen(false)}
            />
            <MarkAll unread={(count?.count ?? 0) > 0} />
          </Panel>
        </Popover.Portal>
      </Popover.Root>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-announcement="notifications">
        {announcement}
      </VisuallyHidden>
    </>
  );
}

/**
 * What the bell's live region says: the notifications that arrived while the page is open (not those already there
 * when it loaded), one by its text, several by their number.
 */
function useNewNotificationAnnouncement(items: NotificationItem[] | undefined): string {
  const seen = useRef<Set<string> | null>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    if (!items) return;
    if (seen.current === null) {
      seen.current = new Set(items.map((item) => item.id));
      return;
    }
    const known = seen.current;
    const arrived = items.filter((item) => !known.has(item.id) && !item.isRead);
    for (const item of items) known.add(item.id);
    const [only] = arrived;
    if (!only) return;
    setText(
      arrived.length === 1
        ? tr.notifications.announceOne(only.message || tr.notifications.fallback)
        : tr.notifications.announceMany(arrived.length),
    );
  }, [items]);
  return text;
}

function NotificationList({
  items,
  loading,
  failed,
  onNavigate,
}: {
  items: NotificationItem[] | undefined;
  loading: boolean;
  failed: boolean;
  onNavigate: () => void;
}) {
  const [markRead] = useMarkNotificationReadMutation();
  const navigate = useNavigate();
  if (loading) return <Spinner />;
  if (failed) return <Empty>{tr.notifications.loadFailed}</Empty>;
  if (!items?.length) return <Empty data-notifications-empty>{tr.notifications.empty}</Empty>;
  return (
    <List>
      {items.map((item) => (
        <li key={item.id}>
          <Item
            type="button"
            $unread={!item.isRead}
            data-notification={item.id}
            data-read={item.isRead}
            onClick={() => {
              if (!item.isRead) void markRead(item.id);
              if (item.link) {
                onNavigate();
                navigate(item.link);
              }
            }}
          >
            {!item.isRead ? <UnreadDot aria-label={tr.notifications.unread} role="img" /> : <Spacer />}
            <span>
              <Message>{item.message || tr.notifications.fallback}</Message>
              <When dateTime={item.createdAt}>{relativeTime(item.createdAt)}</When>
            </span>
          </Item>
        </li>
      ))}
    </List>
  );
}

function MarkAll({ unread }: { unread: boolean }) {
  const [markAll, { isLoading }] = useMarkAllNotificationsReadMutation();
  return (
    <Foot>
      <Button $size="sm" $block disabled={!unread || isLoading} onClick={() => markAll()}>
        {tr.notifications.markAll}
      </Button>
    </Foot>
  );
}

const Badge = styled.span`
  position: absolute;
  top: -0.35rem;
  right: -0.35rem;
  min-width: 1.2rem;
  height: 1.2rem;
  padding: 0 0.3rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  font-size: 0.7rem;
  font-weight: 800;
  line-height: 1.2rem;
  text-align: center;
  font-variant-numeric: tabular-nums;
`;

const pulse = keyframes`
  0% { box-shadow: 0 0 0 0 rgb(234 179 8 / 0.7); }
  70% { box-shadow: 0 0 0 7px rgb(234 179 8 / 0); }
  100% { box-shadow: 0 0 0 0 rgb(234 179 8 / 0); }
`;

const Down = styled.span`
  position: absolute;
  bottom: 0.2rem;
  right: 0.2rem;
  width: 0.55rem;
  height: 0.55rem;
  border-radius: 50%;
  background: #eab308;
  animation: ${pulse} 1.5s infinite;
`;

const Panel = styled(Popover.Content)`
  z-index: 45;
  width: ${limits.notifications.popoverWidthRem}rem;
  max-width: calc(100vw - 1rem);
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadows.popover};
  overflow: hidden;

  &:focus { outline: none; }
`;

const PanelHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 0.5rem;
  padding: 0.8rem 1rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  h2 { font-size: 1rem; }
`;

const Connection = styled.span<{ $connected: boolean }>`
  padding: 0.1rem 0.55rem;
  border-radius: 999px;
  font-size: 0.75rem;
  font-weight: 700;
  color: ${({ $connected, theme }) => `color-mix(in srgb, ${$connected ? theme.colors.success : theme.colors.warning} 70%, ${theme.colors.text})`};
  background: ${({ $connected, theme }) => `color-mix(in srgb, ${$connected ? theme.colors.success : theme.colors.warning} 15%, transparent)`};
`;

const List = styled.ul`
  max-height: 22rem;
  overflow-y: auto;
  padding: 0;
  list-style: none;
`;

const Item = styled.button<{ $unread: boolean }>`
  display: flex;
  gap: 0.6rem;
  width: 100%;
  padding: 0.7rem 1rem;
  border: 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $unread }) => ($unread ? `color-mix(in srgb, ${theme.colors.primary} 7%, transparent)` : 'transparent')};
  color: inherit;
  text-align: left;
  cursor: pointer;

  &:hover { background: ${({ theme }) => theme.colors.surfaceRaised}; }
`;

const UnreadDot = styled.span`
  flex-shrink: 0;
  width: 0.5rem;
  height: 0.5rem;
  margin-top: 0.45rem;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary};
`;

const Spacer = styled.span`
  flex-shrink: 0;
  width: 0.5rem;
`;

const Message = styled.span`
  display: block;
  font-size: 0.875rem;
  overflow-wrap: anywhere;
`;

const When = styled.time`
  display: block;
  margin-top: 0.15rem;
  font-size: 0.75rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Empty = styled.p`
  padding: 1.5rem 1rem;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const Foot = styled.div`
  padding: 0.6rem 0.75rem;
`;
