import { topicFor, type UserProfile } from '@meydan/proto';
import { useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '../../store/api';
import { useAppDispatch } from '../../store/store';
import { tr } from '../../i18n/tr';
import { trProfile } from '../../i18n/tr-profile';
import { Button } from '../../ui/buttons';
import { Page } from '../../ui/Page';
import { useScrollToHash } from '../../lib/useScrollToHash';
import { Hint } from '../../ui/fields';
import { TopicIcon } from '../../ui/TopicIcon';
import { PollCard } from '../polls/PollCard';
import { useHeldPolls } from '../polls/heldPolls';
import { useCurrentUser } from '../session/sessionApi';
import { Card } from '../settings/Card';
import { useUserProfileQuery } from '../profile/profileApi';
import { useToast } from '../toasts/useToast';
import { dialogOpened } from '../../store/uiSlice';
import { usePersonalityAnalysisQuery, useForYouPollsQuery, useStartAnalysisMutation } from './questionnaireApi';
import { recommendedPollsAnchor } from '../profile/anchors';
import { Wizard } from './Wizard';

const T = trProfile.questionnaire;

/**
 * /kisilik-testi, where the profile's personalization banner leads in all three states: the wizard, 'Analizi Başlat',
 * or the completed analysis with the recommended polls.
 */
export function QuestionnairePage() {
  const { user } = useCurrentUser();
  const dispatch = useAppDispatch();
  return (
    <Page title={T.title}>
      {user === null ? (
        <Card as="section" aria-labelledby="questionnaire-sign-in">
          <h2 id="questionnaire-sign-in">{T.signInTitle}</h2>
          <p>{T.signInText}</p>
          <div>
            <Button $variant="primary" onClick={() => dispatch(dialogOpened({ kind: 'login' }))}>
              {T.signIn}
            </Button>
          </div>
        </Card>
      ) : user ? (
        <MemberQuestionnaire userId={user.id} />
      ) : (
        <p role="status">{T.loading}</p>
      )}
    </Page>
  );
}

function MemberQuestionnaire({ userId }: { userId: string }) {
  const { data: profile, isLoading, isError } = useUserProfileQuery(userId);
  const [redo, setRedo] = useState(false);
  if (isLoading) return <p role="status">{T.loading}</p>;
  if (isError || !profile) return <p role="alert">{T.loadFailed}</p>;
  if (redo || (!profile.profileQuestionsCompleted && !profile.aiAnalysisCompleted)) {
    return <Wizard userId={userId} onLeave={() => (redo ? setRedo(false) : history.back())} />;
  }
  if (!profile.aiAnalysisCompleted) return <StartAnalysis profile={profile} />;
  return <CompletedAnalysis userId={userId} onRedo={() => setRedo(true)} />;
}

function StartAnalysis({ profile }: { profile: UserProfile }) {
  const toast = useToast();
  const [start, { isLoading }] = useStartAnalysisMutation();
  const run = async () => {
    const result = await start(profile.id);
    if ('error' in result)
      toast({
        title: T.analysisFailed,
        description: apiErrorMessage(result.error) ?? T.analysisFailed,
        variant: 'error',
      });
  };
  return (
    <Card as="section" aria-labelledby="analysis-start">
      <h2 id="analysis-start">{T.analysisTitle}</h2>
      <p>{T.analysisText}</p>
      <div>
        <Button $variant="primary" onClick={run} disabled={isLoading}>
          {isLoading ? T.analysisRunning : T.analysisStart}
        </Button>
      </div>
    </Card>
  );
}

function CompletedAnalysis({ userId, onRedo }: { userId: string; onRedo: () => void }) {
  const { data: analysis } = usePersonalityAnalysisQuery(userId);
  const { data: forYou, isError: pollsFailed } = useForYouPollsQuery();
  const polls = useHeldPolls(forYou?.pollIds);
  useScrollToHash(true);
  return (
    <>
      <Card as="section" aria-labelledby="analysis-done">
        <h2 id="analysis-done">{T.completedTitle}</h2>
        {analysis ? (
          <>
            <p>{analysis.summary}</p>
            <h3>{T.traitsHeading}</h3>
            <Traits>
              {analysis.traits.map((trait) => (
                <li key={trait.key}>
                  <span>
                    {trait.label} <strong>{trait.score}</strong>
                  </span>
                  {/* biome-ignore lint/a11y/useSemanticElements: a drawn bar (its inner div is the fill); a native meter's look is the browser's own */}
                  <div
                    role="meter"
                    aria-label={trait.label}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={trait.score}
                  >
                    <div style={{ width: `${trait.score}%` }} />
                  </div>
                  <Hint>{trait.description}</Hint>
                </li>
              ))}
            </Traits>
            {analysis.topics.length ? (
              <>
                <h3>{T.topicsHeading}</h3>
                <Topics>
                  {analysis.topics.slice(0, 5).map((t) => {
                    const topic = topicFor(t.category);
                    return (
                      <li key={t.category}>
                        <TopicIcon slug={topic.slug} size={14} /> {topic.name} · %{Math.round(t.weight * 100)}
                      </li>
                    );
                  })}
                </Topics>
              </>
            ) : null}
            <Hint>{T.basedOn(analysis.basedOn.answers, analysis.basedOn.votes)}</Hint>
          </>
        ) : (
          <p role="status">{tr.app.loading}</p>
        )}
        <div>
          <Button $size="sm" onClick={onRedo}>
            {T.redo}
          </Button>
        </div>
      </Card>
      <RecommendedSection aria-labelledby="for-you" id={recommendedPollsAnchor} tabIndex={-1}>
        <h2 id="for-you">{T.recommendedHeading}</h2>
        {pollsFailed ? <p role="alert">{T.recommendedFailed}</p> : null}
        {polls && polls.length === 0 ? <Hint>{T.recommendedEmpty}</Hint> : null}
        <PollList>
          {polls?.map((poll) => (
            <li key={poll.id}>
              <PollCard poll={poll} />
            </li>
          ))}
        </PollList>
      </RecommendedSection>
    </>
  );
}

const Traits = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: 0.75rem;

  li { display: flex; flex-direction: column; gap: 0.3rem; }
  li > span { display: flex; justify-content: space-between; font-weight: 600; }
  [role='meter'] {
    height: 0.5rem;
    border-radius: 999px;
    background: ${({ theme }) => theme.colors.surfaceRaised};
    overflow: hidden;
  }
  [role='meter'] > div { height: 100%; background: ${({ theme }) => theme.colors.primary}; }
`;

const Topics = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;

  li {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    padding: 0.3rem 0.7rem;
    border-radius: 999px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-size: 0.85rem;
  }
`;

const PollList = styled.ul`
  list-style: none;
  padding: 0;
  margin: 1rem 0 0;
  display: flex;
  flex-direction: column;
  gap: 1rem;
`;

const RecommendedSection = styled.section`
  scroll-margin-top: 5rem;

  &:focus:not(:focus-visible) { outline: none; }
`;
