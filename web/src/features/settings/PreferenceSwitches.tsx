import type { UserSettings } from '@meydan/proto';
import * as Switch from '@radix-ui/react-switch';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trProfile } from '../../i18n/tr-profile';
import { useSettingsQuery, useUpdateSettingsMutation } from '../profile/profileApi';
import { useToast } from '../toasts/useToast';

export const preferenceKeys = ['isProfilePublic', 'followRequestsEnabled', 'notifyVotes', 'notifyLikes', 'notifyComments', 'notifyPollResults'] as const satisfies readonly (keyof UserSettings)[];
export type PreferenceKey = (typeof preferenceKeys)[number];

/**
 * Privacy, follow requests and the in-app notification switches, each saved on the server (/users/me/settings) as it
 * is turned. The profile's settings tab and the settings page both show these, so they always say the same.
 */
export function PreferenceSwitches({ userId, only = preferenceKeys }: { userId: string; only?: readonly PreferenceKey[] }) {
  const { data: settings, isError } = useSettingsQuery();
  const [update, { isLoading }] = useUpdateSettingsMutation();
  const toast = useToast();
  if (isError) return <Note role="alert">{trProfile.profile.settingsFailed}</Note>;
  if (!settings) return <Note>{trProfile.profile.loading}</Note>;

  const turn = async (key: PreferenceKey, value: boolean) => {
    try {
      await update({ userId, patch: { [key]: value } }).unwrap();
      toast({ title: trProfile.profile.settingsSaved, variant: 'success' });
    } catch (err) {
      toast({ title: trProfile.profile.settingsFailedTitle, description: apiErrorMessage(err) ?? trProfile.profile.settingsFailed, variant: 'error' });
    }
  };

  return (
    <List>
      {only.map((key) => (
        <Row key={key}>
          <SwitchRoot
            id={`setting-${key}`}
            checked={settings[key]}
            disabled={isLoading}
            onCheckedChange={(checked) => void turn(key, checked)}
            aria-describedby={`setting-${key}-hint`}
          >
            <Switch.Thumb />
          </SwitchRoot>
          <span>
            <label htmlFor={`setting-${key}`}>{trProfile.profile.settings[key]}</label>
            <Hint id={`setting-${key}-hint`}>{trProfile.profile.settings[`${key}Hint`]}</Hint>
          </span>
        </Row>
      ))}
    </List>
  );
}

const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

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

export const SwitchRoot = styled(Switch.Root)`
  position: relative;
  flex-shrink: 0;
  width: 2.5rem;
  height: 1.4rem;
  margin-top: 0.125rem;
  padding: 0;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  cursor: pointer;

  &[data-state='checked'] { background: ${({ theme }) => theme.colors.primary}; border-color: transparent; }
  &:disabled { opacity: 0.6; cursor: wait; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }

  span {
    display: block;
    width: 1.05rem;
    height: 1.05rem;
    border-radius: 50%;
    background: #fff;
    box-shadow: 0 1px 2px rgb(0 0 0 / 0.3);
    transform: translateX(0.15rem);
    transition: transform 120ms ease;
  }
  span[data-state='checked'] { transform: translateX(1.25rem); }
`;
