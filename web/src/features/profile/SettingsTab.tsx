import styled from 'styled-components';
import { trProfile } from '../../i18n/tr-profile';
import { ButtonLink } from '../../ui/buttons';
import { PreferenceSwitches } from './PreferenceSwitches';

/** The profile's settings tab: the same switches as the settings page, and the way there for the profile fields. */
export function SettingsTab({ userId }: { userId: string }) {
  return (
    <Box>
      <h3>{trProfile.profile.settingsTitle}</h3>
      <PreferenceSwitches userId={userId} />
      <ButtonLink to="/ayarlar" $variant="ghost">
        {trProfile.profile.editProfile}
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
