import type { UserProfile } from '@meydan/proto';
import styled from 'styled-components';
import { trProfile } from '../../i18n/tr-profile';
import { ButtonLink } from '../../ui/buttons';
import { recommendedPollsAnchor } from './anchors';

/** Where the banner leads: the questionnaire page shows the wizard, the analysis step or the result, by the member's state. */
export const PERSONALITY_TEST_ROUTE = '/kisilik-testi';
/** The completed state's button goes straight to the recommended polls on that page. */
export const RECOMMENDED_POLLS_ROUTE = `${PERSONALITY_TEST_ROUTE}#${recommendedPollsAnchor}`;

type Status = 'completed' | 'analysis_pending' | 'questions_pending';

export function personalizationStatus(
  profile: Pick<UserProfile, 'aiAnalysisCompleted' | 'profileQuestionsCompleted'>,
): Status {
  if (profile.aiAnalysisCompleted) return 'completed';
  if (profile.profileQuestionsCompleted) return 'analysis_pending';
  return 'questions_pending';
}

/** The three states of the personalization banner (spec §4). */
export function PersonalizationBanner({ profile }: { profile: UserProfile }) {
  const b = trProfile.profile.banner;
  const status = personalizationStatus(profile);
  const [text, button] =
    status === 'completed'
      ? [b.completedTitle, b.completedButton]
      : status === 'analysis_pending'
        ? [b.analysisTitle, b.analysisButton]
        : [b.questionsTitle, b.questionsButton];
  return (
    <Banner data-personalization={status}>
      <p>{text}</p>
      <ButtonLink to={status === 'completed' ? RECOMMENDED_POLLS_ROUTE : PERSONALITY_TEST_ROUTE} $variant="primary">
        {button}
      </ButtonLink>
    </Banner>
  );
}

const Banner = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 0.75rem;
  padding: 1rem 1.25rem;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.surface};

  p { font-weight: 600; }
`;
