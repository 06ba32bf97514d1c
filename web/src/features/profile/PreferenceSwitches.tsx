import type { UserSettings } from '@meydan/proto';
import * as Switch from '@radix-ui/react-switch';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { trProfile } from '../../i18n/tr-profile';
import { useSettingsQuery, useUpdateSettingsMutation } from './profileApi';
import { SwitchRoot } from '../../ui/Switch';
import { useToast } from '../toasts/useToast';

export const preferenceKeys = [
  'isProfilePublic',
  'followRequestsEnabled',
  'notifyVotes',
  'notifyLikes',
  'notifyComments',
  'notifyPollResults',
] as const satisfies readonly (keyof UserSettings)[];
export type PreferenceKey = (typeof preferenceKeys)[number];

/**
 * Privacy, follow requests and the in-app notification switches, each saved on the server (/users/me/settings) as it
 * is turned. The profile's settings tab and the settings page both show these, so they always say the same.
 */
export function PreferenceSwitches({
  userId,
  only = preferenceKeys,
}: {
  userId: string;
  only?: readonly PreferenceKey[];
}) {
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
      toast({
        title: trProfile.profile.settingsFailedTitle,
        description: apiErrorMessage(err) ?? trProfile.profile.settingsFailed,
        variant: 'error',
      });
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
