import type { UserSettings } from '@meydan/proto';
import * as Switch from '@radix-ui/react-switch';
import styled from 'styled-components';
import { apiErrorMessage } from '../../app/api';
import { tr } from '../../i18n/tr';
import { ButtonLink } from '../../layout/buttons';
import { useToast } from '../toasts/useToast';
import { Empty } from './PollList';
import { useSettingsQuery, useUpdateSettingsMutation } from './profileApi';

const switches = ['isProfilePublic', 'followRequestsEnabled', 'notifyVotes', 'notifyLikes', 'notifyComments'] as const satisfies readonly (keyof UserSettings)[];

/** Privacy, follow requests and the in-app notification switches, each saved on the server as it is turned. */
export function SettingsTab({ userId }: { userId: string }) {
  const { data: settings, isError } = useSettingsQuery();
  const [update, { isLoading }] = useUpdateSettingsMutation();
  const toast = useToast();
  if (isError) return <Empty role="alert">{tr.profile.settingsFailed}</Empty>;
  if (!settings) return <Empty>{tr.profile.loading}</Empty>;

  const turn = async (key: (typeof switches)[number], value: boolean) => {
    try {
      await update({ userId, patch: { [key]: value } }).unwrap();
      toast({ title: tr.profile.settingsSaved, variant: 'success' });
    } catch (err) {
      toast({ title: tr.profile.settingsFailedTitle, description: apiErrorMessage(err) ?? tr.profile.settingsFailed, variant: 'error' });
    }
  };

  return (
    <Box>
      <h3>{tr.profile.settingsTitle}</h3>
      {switches.map((key) => (
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
            <label htmlFor={`setting-${key}`}>{tr.profile.settings[key]}</label>
            <Hint id={`setting-${key}-hint`}>{tr.profile.settings[`${key}Hint`]}</Hint>
          </span>
        </Row>
      ))}
      <ButtonLink to="/ayarlar" $variant="ghost">
        {tr.profile.editProfile}
      </ButtonLink>
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 1rem;

  h3 { font-size: 1rem; font-weight: 700; }
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

const SwitchRoot = styled(Switch.Root)`
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
