import * as Switch from '@radix-ui/react-switch';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trChannels as T } from '../../i18n/tr-channels';
import { SwitchRoot } from '../../ui/Switch';
import { useToast } from '../toasts/useToast';
import { currentSubscription, pushSupported, subscribeBrowser, unsubscribeBrowser } from '../pwa/webPush';
import { Card } from './Card';
import {
  useAddPushSubscriptionMutation,
  useEmailNotificationsQuery,
  useLazyPushPublicKeyQuery,
  useRemovePushSubscriptionMutation,
  useSetEmailNotificationsMutation,
} from './channelsApi';

/**
 * The settings section of news beyond the app (a poll one voted on ended, a new follower): "Tarayıcı bildirimleri"
 * subscribes this browser through the service worker, "E-posta bildirimleri" turns the mail on (off by default).
 */
export function NotificationChannels() {
  return (
    <Card as="section" aria-labelledby="settings-channels" id="bildirim-kanallari" data-section="notification-channels">
      <h2 id="settings-channels">{T.title}</h2>
      <p>{T.intro}</p>
      <List>
        <PushSwitch />
        <EmailSwitch />
      </List>
    </Card>
  );
}

function PushSwitch() {
  const toast = useToast();
  const supported = pushSupported();
  const [on, setOn] = useState<boolean | null>(supported ? null : false);
  const [busy, setBusy] = useState(false);
  const [publicKey] = useLazyPushPublicKeyQuery();
  const [add] = useAddPushSubscriptionMutation();
  const [remove] = useRemovePushSubscriptionMutation();

  useEffect(() => {
    if (!supported) return;
    let live = true;
    currentSubscription().then(
      (subscription) => live && setOn(subscription !== null),
      () => live && setOn(false),
    );
    return () => {
      live = false;
    };
  }, [supported]);

  const failed = (err: unknown, fallback: string) =>
    toast({ title: T.failedTitle, description: apiErrorMessage(err) ?? fallback, variant: 'error' });

  const turn = async (checked: boolean) => {
    setBusy(true);
    try {
      if (checked) {
        const { publicKey: key } = await publicKey().unwrap();
        const outcome = await subscribeBrowser(key);
        if ('refused' in outcome) {
          failed(null, outcome.refused === 'blocked' ? T.pushBlocked : T.pushUnsupported);
          return;
        }
        await add(outcome.subscription).unwrap();
        setOn(true);
        toast({ title: T.pushOn, variant: 'success' });
      } else {
        const endpoint = await unsubscribeBrowser();
        if (endpoint) await remove({ endpoint }).unwrap();
        setOn(false);
        toast({ title: T.pushOff, variant: 'success' });
      }
    } catch (err) {
      failed(err, T.pushFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row>
      <SwitchRoot
        id="setting-push"
        checked={on === true}
        disabled={!supported || on === null || busy}
        onCheckedChange={(checked) => void turn(checked)}
        aria-describedby="setting-push-hint"
        data-setting="push"
      >
        <Switch.Thumb />
      </SwitchRoot>
      <span>
        <label htmlFor="setting-push">{T.push}</label>
        <Hint id="setting-push-hint">{supported ? T.pushHint : T.pushUnsupported}</Hint>
      </span>
    </Row>
  );
}

function EmailSwitch() {
  const toast = useToast();
  const { data, isError } = useEmailNotificationsQuery();
  const [save, { isLoading }] = useSetEmailNotificationsMutation();

  const turn = async (email: boolean) => {
    try {
      await save({ email }).unwrap();
      toast({ title: email ? T.emailOn : T.emailOff, variant: 'success' });
    } catch (err) {
      toast({ title: T.failedTitle, description: apiErrorMessage(err) ?? T.saveFailed, variant: 'error' });
    }
  };

  return (
    <Row>
      <SwitchRoot
        id="setting-email"
        checked={data?.email === true}
        disabled={!data || isLoading}
        onCheckedChange={(checked) => void turn(checked)}
        aria-describedby="setting-email-hint"
        data-setting="email"
      >
        <Switch.Thumb />
      </SwitchRoot>
      <span>
        <label htmlFor="setting-email">{T.email}</label>
        <Hint id="setting-email-hint">{isError ? T.saveFailed : data ? T.emailHint : T.loading}</Hint>
      </span>
    </Row>
  );
}

const List = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const Row = styled.div`
  display: flex;
  align-items: flex-start;
  gap: 0.75rem;

  label { font-weight: 600; cursor: pointer; }
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;
